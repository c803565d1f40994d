package containerbench.kubernetes;

import io.fabric8.kubernetes.api.model.HasMetadata;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * Kubernetes' schemas, strictly: each document of a YAML stream read into the API's own types
 * (fabric8's model, generated from Kubernetes' OpenAPI schemas), a field of the wrong type refused by
 * the reader, and every field the schema does not know (which the model would keep aside, as the API
 * server does without strict field validation) named with its path.
 */
final class StrictSchema {

    private static final String MODEL = "io.fabric8.kubernetes.api.model";

    private StrictSchema() {
    }

    /** The stream's objects; an unknown kind, or a value of the wrong type, throws. */
    static List<HasMetadata> read(String yaml) {
        return Manifests.read(yaml);
    }

    /** Every field of {@code objects} that the schema of its kind does not have, as {@code Kind/name: path.field}. */
    static List<String> unknownFields(List<HasMetadata> objects) {
        List<String> unknown = new ArrayList<>();
        for (HasMetadata object : objects) {
            walk(object, object.getKind() + "/" + object.getMetadata().getName() + ":", unknown);
        }
        // Sorted: the walk follows Class.getMethods(), whose order the JVM does not fix.
        return unknown.stream().sorted().toList();
    }

    private static void walk(Object value, String path, List<String> unknown) {
        if (value instanceof Map<?, ?> map) {
            map.forEach((key, entry) -> walk(entry, path + "." + key, unknown));
        } else if (value instanceof Collection<?> items) {
            int i = 0;
            for (Object item : items) {
                walk(item, path + "[" + i++ + "]", unknown);
            }
        } else if (value != null && value.getClass().getPackageName().startsWith(MODEL)) {
            for (Method getter : value.getClass().getMethods()) {
                if (getter.getParameterCount() != 0 || !getter.getName().startsWith("get") || Modifier.isStatic(getter.getModifiers())
                        || getter.getDeclaringClass() == Object.class) {
                    continue;
                }
                Object field = invoke(getter, value);
                if (getter.getName().equals("getAdditionalProperties")) {
                    if (field instanceof Map<?, ?> extra && !extra.isEmpty()) {
                        extra.keySet().forEach(name -> unknown.add(path + "." + name));
                    }
                } else {
                    walk(field, path + "." + Character.toLowerCase(getter.getName().charAt(3)) + getter.getName().substring(4), unknown);
                }
            }
        }
    }

    private static Object invoke(Method getter, Object on) {
        try {
            return getter.invoke(on);
        } catch (IllegalAccessException | InvocationTargetException e) {
            throw new IllegalStateException("cannot read " + getter + " of " + on.getClass(), e);
        }
    }
}
