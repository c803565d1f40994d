package containerbench.kubernetes;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.LabelSelector;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodAffinityTerm;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.ResourceRequirements;
import io.fabric8.kubernetes.api.model.ResourceRequirementsBuilder;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.WeightedPodAffinityTerm;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The run's objects: the Kustomize base in {@code deploy/kubernetes} (the files its
 * {@code kustomization.yaml} lists), with one run's values set on it as Kustomize's transformers
 * would: names and labels of the run, the image, the container's jar and knobs, the injectors'
 * count and properties, resources, deadlines. Nothing else of the base changes.
 */
final class Manifests {

    private static final KubernetesSerialization YAML = new KubernetesSerialization();

    private Manifests() {
    }

    /** The files of the base, in the order its kustomization lists them. */
    static List<Path> baseFiles(Path dir) throws IOException {
        Map<?, ?> kustomization = YAML.unmarshal(Files.readString(dir.resolve("kustomization.yaml")), Map.class);
        List<Path> files = new ArrayList<>();
        for (Object resource : (List<?>) kustomization.get("resources")) {
            files.add(dir.resolve(resource.toString()));
        }
        return files;
    }

    /** The base's objects as written, every document of every file. */
    static List<HasMetadata> base(Path dir) throws IOException {
        List<HasMetadata> objects = new ArrayList<>();
        for (Path file : baseFiles(dir)) {
            objects.addAll(read(Files.readString(file)));
        }
        return objects;
    }

    /** Every object of a YAML stream, each as its kind's own type. */
    static List<HasMetadata> read(String yaml) {
        Object read = YAML.unmarshal(yaml);
        List<HasMetadata> objects = new ArrayList<>();
        if (read instanceof List<?> list) {
            list.forEach(object -> objects.add((HasMetadata) object));
        } else {
            objects.add((HasMetadata) read);
        }
        return objects;
    }

    /** The base with {@code run}'s values: the target's Pod and Service once for each of the run's targets. */
    static List<HasMetadata> render(Path dir, ClusterRun run) throws IOException {
        List<HasMetadata> objects = new ArrayList<>();
        for (HasMetadata object : base(dir)) {
            String component = object.getMetadata().getLabels().get(ClusterRun.COMPONENT_LABEL);
            boolean perTarget = object instanceof Pod || object instanceof Service;
            for (int t = 0; t < (perTarget ? run.targets().size() : 1); t++) {
                // A copy of the first, before any of the run's values but its name and labels are set: each copy's are set below.
                HasMetadata copy = t == 0 ? object : read(YAML.asYaml(object)).get(0);
                objects.add(copy);
                copy.getMetadata().setName(perTarget ? run.targetName(t) : run.name(component));
                copy.getMetadata().setNamespace(run.namespace());
                copy.getMetadata().getLabels().put(ClusterRun.RUN_LABEL, run.runId());
                if (perTarget) {
                    copy.getMetadata().getLabels().put(ClusterRun.TARGET_LABEL, Integer.toString(t));
                }
            }
        }
        for (HasMetadata object : objects) {
            String target = object.getMetadata().getLabels().get(ClusterRun.TARGET_LABEL);
            if (object instanceof Pod pod) {
                pod.getMetadata().getLabels().putAll(run.targetSelector(Integer.parseInt(target)));
                target(pod.getSpec(), run, run.targets().get(Integer.parseInt(target)));
            } else if (object instanceof Service service) {
                service.getSpec().setSelector(new LinkedHashMap<>(run.targetSelector(Integer.parseInt(target))));
            } else if (object instanceof Job job) {
                job.getSpec().setCompletions(run.injectors());
                job.getSpec().setParallelism(run.injectors());
                job.getSpec().setActiveDeadlineSeconds(run.deadline().toSeconds());
                job.getSpec().getTemplate().getMetadata().getLabels().putAll(run.selector(ClusterRun.INJECTOR));
                injectors(job.getSpec().getTemplate().getSpec(), run);
            } else if (!(object instanceof ConfigMap)) {
                throw new IllegalStateException("deploy/kubernetes holds a " + object.getKind() + ", which this command does not set");
            }
        }
        return objects;
    }

    private static void target(PodSpec spec, ClusterRun run, ClusterRun.Target target) {
        spec.setActiveDeadlineSeconds(run.deadline().toSeconds());
        keepApart(spec, run);
        Container container = spec.getContainers().get(0);
        container.setImage(run.image());
        List<String> command = new ArrayList<>(container.getCommand());
        int jar = command.indexOf("-jar") + 1;
        command.set(jar, "targets/" + target.container() + "/target/" + target.container() + "-target.jar");
        command.addAll(target.knobs());
        container.setCommand(command);
        container.setResources(resources(run.target()));
    }

    private static void injectors(PodSpec spec, ClusterRun run) {
        keepApart(spec, run);
        Container container = spec.getContainers().get(0);
        container.setImage(run.image());
        Map<String, String> properties = run.injectorProperties("$(JOB_COMPLETION_INDEX)");
        List<String> command = new ArrayList<>();
        for (String word : container.getCommand()) {
            String name = word.startsWith("-D") ? word.substring(2).split("=", 2)[0] : null;
            if (name == null || !properties.containsKey(name) && !ClusterRun.SET_HERE.contains(name)) {
                command.add(word);
            }
        }
        if (!command.contains("-cp")) {
            throw new IllegalStateException("the injector's command in deploy/kubernetes has no -cp to put the properties before");
        }
        // Properties are JVM options: before the classpath and the main class.
        properties.forEach((name, value) -> command.add(command.indexOf("-cp"), "-D" + name + "=" + value));
        container.setCommand(command);
        container.setResources(resources(run.injector()));
        spec.getVolumes().stream().filter(volume -> volume.getConfigMap() != null)
                .forEach(volume -> volume.getConfigMap().setName(run.name("start")));
    }

    /** The pod's anti-affinity, to the other side of this run only. */
    private static void keepApart(PodSpec spec, ClusterRun run) {
        var antiAffinity = spec.getAffinity().getPodAntiAffinity();
        Stream.concat(antiAffinity.getRequiredDuringSchedulingIgnoredDuringExecution().stream(),
                        antiAffinity.getPreferredDuringSchedulingIgnoredDuringExecution().stream()
                                .map(WeightedPodAffinityTerm::getPodAffinityTerm))
                .map(PodAffinityTerm::getLabelSelector).map(LabelSelector::getMatchLabels)
                .forEach(labels -> labels.put(ClusterRun.RUN_LABEL, run.runId()));
    }

    /** Requests equal to limits: Guaranteed QoS. */
    private static ResourceRequirements resources(ClusterRun.Resources resources) {
        Map<String, Quantity> both = Map.of("cpu", new Quantity(resources.cpu()), "memory", new Quantity(resources.memory()));
        return new ResourceRequirementsBuilder().withLimits(new HashMap<>(both)).withRequests(new HashMap<>(both)).build();
    }

    /** The objects as one YAML stream, as {@code kubectl apply -f -} takes it. */
    static String yaml(List<HasMetadata> objects) {
        StringBuilder stream = new StringBuilder();
        for (HasMetadata object : objects) {
            String document = YAML.asYaml(object);
            stream.append(document.startsWith("---") ? document : "---\n" + document);
        }
        return stream.toString();
    }
}
