package containerbench.measure;

/**
 * How the resources were sampled, and what sampling cost the injector.
 *
 * @param cpuMicrosPerSample CPU time of one sample of target, injector and machine
 */
public record Sampling(int periodMillis, int samples, double cpuMicrosPerSample) {
}
