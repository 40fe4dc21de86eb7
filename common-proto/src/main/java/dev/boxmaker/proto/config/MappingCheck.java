package dev.boxmaker.proto.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithConverter;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.time.Duration;
import java.util.Collection;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Checks a daemon's mapping before SmallRye reads it: the {@code boxmaker} prefix, and the strict
 * converter on every boolean and Duration (SmallRye's own would take "yes" or need ISO-8601).
 */
final class MappingCheck {
    private static final Map<Class<?>, Class<?>> CONVERTER_FOR = Map.of(
            boolean.class, StrictBooleanConverter.class,
            Boolean.class, StrictBooleanConverter.class,
            Duration.class, DurationConverter.class);

    private MappingCheck() {
    }

    /** @throws IllegalArgumentException naming the first method that breaks a rule */
    static void check(Class<?> mapping) {
        ConfigMapping annotation = mapping.getAnnotation(ConfigMapping.class);
        if (annotation == null || !TomlConfigSource.PREFIX.equals(annotation.prefix())) {
            throw new IllegalArgumentException(ConfigSentences.notBoxmakerMapping(mapping));
        }
        checkGroup(mapping, new HashSet<>());
    }

    private static void checkGroup(Class<?> group, Set<Class<?>> seen) {
        if (!seen.add(group)) {
            return;
        }
        for (Method method : group.getMethods()) {
            if (method.isDefault() || Modifier.isStatic(method.getModifiers()) || method.getParameterCount() != 0) {
                continue;
            }
            Class<?> leaf = leafType(method.getGenericReturnType());
            Class<?> needed = CONVERTER_FOR.get(leaf);
            if (needed != null) {
                WithConverter converter = method.getAnnotation(WithConverter.class);
                if (converter == null || converter.value() != needed) {
                    String name = method.getDeclaringClass().getName() + "." + method.getName() + "()";
                    throw new IllegalArgumentException(ConfigSentences.missingConverter(name, needed));
                }
            } else if (leaf.isInterface() && !leaf.getName().startsWith("java.")) {
                checkGroup(leaf, seen);
            }
        }
    }

    /** The type a converter or group sees: the element of an Optional, a collection or a map's values. */
    private static Class<?> leafType(Type type) {
        if (type instanceof Class<?> plain) {
            return plain;
        }
        if (type instanceof ParameterizedType parameterized && parameterized.getRawType() instanceof Class<?> raw) {
            Type[] arguments = parameterized.getActualTypeArguments();
            if (raw == Optional.class || Collection.class.isAssignableFrom(raw)) {
                return leafType(arguments[0]);
            }
            if (Map.class.isAssignableFrom(raw)) {
                return leafType(arguments[1]);
            }
            return raw;
        }
        return Object.class;
    }
}
