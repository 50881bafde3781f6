package dev.toolspill.docs;

import dev.toolspill.config.ToolspillConfig;
import io.smallrye.config.WithName;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The configuration table of the guide lists exactly the keys of {@link ToolspillConfig}: a key added to the mapping
 * and not documented, or documented and gone, fails here. A map's key is written {@code "NAME"} in the table.
 */
class ConfigurationDocsTest {

    private static final Pattern ROW = Pattern.compile("^\\| `(toolspill\\.[^`]+)`", Pattern.MULTILINE);

    @Test
    void theGuidesTableListsEveryKeyOfTheMappingAndNoOther() throws IOException {
        Set<String> documented = new TreeSet<>();
        Matcher row = ROW.matcher(Files.readString(Path.of("src/docs/guide.md")));
        while (row.find()) {
            documented.add(row.group(1).replaceAll("\"[^\"]*\"", "*"));
        }
        Set<String> mapped = new TreeSet<>();
        keys("toolspill", ToolspillConfig.class, mapped);
        assertEquals(String.join("\n", mapped), String.join("\n", documented));
    }

    private static void keys(String prefix, Class<?> group, Set<String> into) {
        for (Method method : group.getMethods()) {
            if (method.getParameterCount() > 0 || !Modifier.isAbstract(method.getModifiers())) {
                continue;
            }
            WithName name = method.getAnnotation(WithName.class);
            String key = prefix + "." + (name != null ? name.value() : kebab(method.getName()));
            Type type = method.getGenericReturnType();
            if (type instanceof ParameterizedType map && map.getRawType() == java.util.Map.class) {
                Type value = map.getActualTypeArguments()[1];
                if (value instanceof Class<?> valueGroup && isGroup(valueGroup)) {
                    keys(key + ".*", valueGroup, into);
                } else {
                    into.add(key + ".*");
                }
            } else if (type instanceof Class<?> nested && isGroup(nested)) {
                keys(key, nested, into);
            } else {
                into.add(key);
            }
        }
    }

    private static boolean isGroup(Class<?> type) {
        return type.isInterface() && type.getPackageName().startsWith("dev.toolspill");
    }

    private static String kebab(String name) {
        return name.replaceAll("([a-z0-9])([A-Z])", "$1-$2").toLowerCase(java.util.Locale.ROOT);
    }
}
