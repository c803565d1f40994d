package containerbench.run;

import containerbench.launch.Negotiation;
import containerbench.launch.RequestCheck;
import containerbench.launch.RunKeyStore;
import containerbench.launch.RunningTarget;
import containerbench.launch.Targets;
import containerbench.measure.BlockResult;
import containerbench.measure.Environment;
import containerbench.measure.GatlingInjector;
import containerbench.measure.LaunchFigures;
import containerbench.measure.LoadStart;
import containerbench.measure.Measurement;
import containerbench.measure.Profiles;
import containerbench.measure.Tier;
import containerbench.results.Capacities;
import containerbench.results.Comparisons;
import containerbench.results.Footprints;
import containerbench.results.Injection;
import containerbench.results.ResultsStore;
import containerbench.results.RunResult;
import containerbench.results.RunStatus;
import containerbench.results.StoredRun;
import containerbench.settings.AppSettings;
import containerbench.settings.InjectorShare;
import containerbench.settings.OpenModel;
import containerbench.settings.Profiling;
import containerbench.settings.RunSettings;
import containerbench.settings.TargetSettings;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The results of one run as its stages fill them in, written to the run's file each time: when the
 * load is about to begin, and at the end, complete, failed or interrupted; or, when it never got
 * that far, failed with the reason.
 */
final class RunRecord {

    private final RunOrder order;
    private final String startedAt;
    private RunResult running;
    private LoadStart start;

    RunRecord(RunOrder order, Instant startedAt) {
        this.order = order;
        this.startedAt = startedAt.toString();
    }

    ResultsStore store() {
        return order.store();
    }

    /** A run that ended before its load began: a target that did not start, a probe that got no answer. */
    void failedToStart(String why) {
        RunSettings settings = order.settings();
        write(RunResult.builder().runId(order.runId()).status(RunStatus.FAILED).container(settings.target().container())
                .description(settings.description(order.catalog())).startedAt(startedAt).finishedAt(Instant.now().toString())
                .failure(why).build());
    }

    /**
     * The run as its load is about to begin: what it measures, on which machine, with which injector.
     *
     * @param start when every injector of a shared run starts its load, perhaps not known yet; {@code null} for one injector
     * @param client the other client that sends the measured load, with its version; {@code null} for Gatling
     */
    synchronized RunResult running(Targets targets, InjectorShare share, LoadStart start, Environment environment,
            List<RequestCheck.Checked> checked, String client) {
        this.start = start;
        RunSettings settings = order.settings();
        List<RunResult.Target> described = new ArrayList<>();
        for (RunningTarget target : targets.all()) {
            RunResult.Target reported = RunResult.Target.of(target.settings(), target.facts(), target.baseUrl().toString(),
                    order.store().relative(order.logOf(target.settings())));
            Negotiation agreed = target.negotiation();
            described.add(agreed == null ? reported : reported.withTls(new RunResult.Tls(target.settings().http(),
                    agreed.protocol(), agreed.alpn(), agreed.tlsVersion(), agreed.cipher(), RunKeyStore.KEY, agreed.http2())));
        }
        running = RunResult.builder().runId(order.runId()).description(settings.description(order.catalog()))
                .startedAt(startedAt).targets(described).plan(RunResult.Plan.of(settings.plan(), settings.recording()))
                .interleaving(RunResult.Interleaving.of(settings.interleaving()))
                .cpuLimit(RunResult.CpuLimit.of(settings.cpuLimit(), targets.cpuLimitController()))
                .injector(client == null ? GatlingInjector.inspect() : GatlingInjector.inspect().withClient(client)).environment(environment).app(app(settings.app(), checked))
                .injection(share.alone() ? null : new Injection(share.count(), share.index(),
                        start.known() ? start.instant().toString() : null, null))
                .build();
        write(running);
        return running;
    }

    /** The user's application and what its check before the load found; {@code null} for the login servlet. */
    private static RunResult.App app(AppSettings app, List<RequestCheck.Checked> checked) {
        if (app.requests().login()) {
            return null;
        }
        return new RunResult.App(app.war() == null ? null : app.war().toString(), app.jar() == null ? null : app.jar().file().toString(),
                app.coordinate(),
                app.contextPath().isEmpty() ? "/" : app.contextPath(), app.requests().source(),
                app.requests().requests().stream().map(r -> new RunResult.Request(r.name(), r.method(), r.path(), r.status(),
                        r.weight())).toList(),
                checked.stream().map(c -> new RunResult.Check(c.request(), c.statuses(), c.bodyLengths(), c.difference())).toList());
    }

    /**
     * The run as it ended: every step's figures, the verdicts of an interleaved run, how the
     * targets fared.
     *
     * @param gatlingRun the folder of this run's Gatling report, or {@code null} when it is not known
     * @param failure why the run failed, or {@code null}
     * @param recordings every launch's profile of every target (-Dprofile); empty when not profiled
     * @param injectorRecording this JVM's profile over the whole run (-Dprofile.injector), or {@code null}
     * @param launchFigures each launch's start-up and memory at rest of every target, as far as they were read
     */
    synchronized StoredRun finished(RunStatus status, Measurement measurement, Schedule schedule, Targets targets,
            Path gatlingRun, Boolean answeredAfterRun, String failure, List<Profiles.Recording> recordings, Path injectorRecording,
            List<LaunchFigures> launchFigures) {
        List<String> labels = running.targets().stream().map(RunResult.Target::label).toList();
        Map<Tier, String> stoppedBy = schedule.stoppedBy();
        List<RunResult.Settling> settling = new ArrayList<>();
        for (int i = 0; i < labels.size(); i++) {
            settling.add(new RunResult.Settling(labels.get(i), measurement.warmupSeconds().get(i), schedule.settled().get(i)));
        }
        List<BlockResult> blocks = measurement.blocks();
        RunResult.CpuLimit limit = running.cpuLimit();
        OpenModel open = order.settings().plan().open();
        RunResult.CapacitySearch capacity = null;
        if (open != null && open.slo() != null && !order.settings().injectors().alone()) {
            // One injector's part of a shared stair: its blocks carry its share of each rate, and a capacity of them would
            // read as a fraction of the target's. The capacities are the merged run's, from every injector's blocks.
            capacity = new RunResult.CapacitySearch(open.slo(), List.of(), List.of());
        } else if (open != null && open.slo() != null) {
            List<Capacities.Capacity> found = Capacities.of(blocks, labels, open.slo());
            capacity = new RunResult.CapacitySearch(open.slo(), status == RunStatus.COMPLETE ? Capacities.finished(found) : found,
                    Capacities.ratios(blocks, labels, open.slo()));
        }
        Profiles profiles = null;
        Profiles injectorProfiles = null;
        Path folder = order.store().directory().resolve(order.runId() + "-profiles");
        List<Profiles.Window> windows = !order.settings().profiled() && injectorRecording == null ? List.of()
                : !blocks.isEmpty() ? Profiles.Window.ofBlocks(blocks) : Profiles.Window.ofTiers(measurement.tierResults());
        if (order.settings().profiled()) {
            // Every profiled target is sampled alike (TargetSettings refuses otherwise).
            String event = order.settings().targets().stream().map(TargetSettings::profiling).filter(p -> p != Profiling.OFF)
                    .findFirst().orElseThrow().spelled();
            profiles = Profiles.cut(event, Profiling.CPU_INTERVAL_NANOS, recordings, windows, labels.get(0), folder, order.store()::relative);
        }
        if (injectorRecording != null) {
            try {
                injectorProfiles = Profiles.cut(order.settings().injectorProfiling().spelled(), Profiling.CPU_INTERVAL_NANOS,
                        List.of(new Profiles.Recording(Profiles.INJECTOR, 0, injectorRecording)), Profiles.Window.ofInjector(windows), null,
                        folder, order.store()::relative);
            } catch (RuntimeException e) {
                // The run's figures first: a profile that cannot be read leaves them whole, and says why.
                System.out.println("container-bench: WARNING the injector's profile was not kept: " + e.getMessage());
            }
        }
        // One injector's part of a shared run: its blocks' garbage is the target's under every injector's load, over this
        // part's responses alone; the merged run, which sums them, compares it.
        boolean alone = order.settings().injectors().alone();
        return write(running.toBuilder().status(status).launchFigures(launchFigures)
                .footprint(alone && labels.size() > 1 ? Footprints.of(launchFigures, blocks, labels) : List.of()).profiles(profiles).injectorProfiles(injectorProfiles).finishedAt(Instant.now().toString())
                .gatlingReport(gatlingRun == null ? null : order.store().relative(gatlingRun.resolve("index.html")))
                .sampling(measurement.sampling()).warmups(measurement.warmupResults()).leadIns(measurement.leadInResults()).settling(settling)
                .tiers(measurement.tierResults()).blocks(blocks).capacity(capacity)
                .comparisons(labels.size() < 2 ? List.of() : Comparisons.of(blocks, labels, stoppedBy, running.pilotPairs()))
                .answeredAfterRun(answeredAfterRun).cpuLimit(limit == null ? null : limit.throttled(targets.throttling()))
                .injection(start == null ? null : new Injection(running.injection().count(), running.injection().index(),
                        start.known() ? start.instant().toString() : null, null))
                .failure(failure).host(measurement.hostLoad()).build());
    }

    private StoredRun write(RunResult result) {
        return new StoredRun(result, order.store().write(result));
    }
}
