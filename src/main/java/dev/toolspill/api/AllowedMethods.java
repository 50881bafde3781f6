package dev.toolspill.api;

import jakarta.enterprise.inject.Any;
import jakarta.enterprise.inject.spi.BeanManager;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import jakarta.ws.rs.HttpMethod;
import jakarta.ws.rs.Path;

import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The methods each path of the REST resources takes, for the {@code Allow} header a 405 must carry (RFC 9110, 15.5.6):
 * Quarkus REST answers a method a path does not take with a 405 that names none. Read once from the resource classes'
 * own {@code @Path} and method annotations, so it cannot drift from them; a path that takes GET also takes HEAD, and
 * every path answers OPTIONS.
 */
@Singleton
public class AllowedMethods {

    private static final Pattern TEMPLATE = Pattern.compile("\\{([^}:]+)}");

    /** One resource path, as a pattern over the request path, and the methods it takes. */
    record Route(String template, Pattern path, TreeSet<String> methods) {
    }

    private final List<Route> routes;

    @Inject
    public AllowedMethods(BeanManager beans) {
        this(beans.getBeans(Object.class, Any.Literal.INSTANCE).stream()
                .<Class<?>>map(bean -> bean.getBeanClass())
                .filter(type -> type.isAnnotationPresent(Path.class))
                .distinct()
                .toList());
    }

    AllowedMethods(Collection<Class<?>> resources) {
        List<Route> found = new ArrayList<>();
        for (Class<?> resource : resources) {
            String base = resource.getAnnotation(Path.class).value();
            for (Method method : resource.getMethods()) {
                httpMethod(method).ifPresent(verb -> {
                    Path sub = method.getAnnotation(Path.class);
                    add(found, join(base, sub == null ? "" : sub.value()), verb);
                });
            }
        }
        this.routes = List.copyOf(found);
    }

    /** The methods one request path takes: HEAD where GET is, and OPTIONS, in the order its Allow header names them. */
    public record Methods(SortedSet<String> names) {
        public boolean takes(String method) {
            return names.contains(method);
        }

        /** The {@code Allow} header. */
        public String header() {
            return String.join(", ", names);
        }
    }

    /** The {@code Allow} header for a request path, or empty when no resource serves it. */
    public Optional<String> allow(String requestPath) {
        return of(requestPath).map(Methods::header);
    }

    /** The methods a request path takes, or empty when no resource serves it. */
    public Optional<Methods> of(String requestPath) {
        TreeSet<String> methods = new TreeSet<>();
        for (Route route : routes) {
            if (route.path().matcher(requestPath).matches()) {
                methods.addAll(route.methods());
            }
        }
        if (methods.isEmpty()) {
            return Optional.empty();
        }
        if (methods.contains("GET")) {
            methods.add("HEAD");
        }
        methods.add("OPTIONS");
        return Optional.of(new Methods(Collections.unmodifiableSortedSet(methods)));
    }

    private static void add(List<Route> routes, String template, String verb) {
        for (Route route : routes) {
            if (route.template().equals(template)) {
                route.methods().add(verb);
                return;
            }
        }
        TreeSet<String> methods = new TreeSet<>();
        methods.add(verb);
        routes.add(new Route(template, pattern(template), methods));
    }

    private static Optional<String> httpMethod(Method method) {
        for (Annotation annotation : method.getAnnotations()) {
            HttpMethod verb = annotation.annotationType().getAnnotation(HttpMethod.class);
            if (verb != null) {
                return Optional.of(verb.value());
            }
        }
        return Optional.empty();
    }

    private static String join(String base, String sub) {
        String path = (base.startsWith("/") ? "" : "/") + base;
        if (sub.isEmpty()) {
            return path;
        }
        return (path.endsWith("/") ? path.substring(0, path.length() - 1) : path) + (sub.startsWith("/") ? "" : "/") + sub;
    }

    /** A template's {name} matches one segment; everything else is literal. */
    private static Pattern pattern(String template) {
        StringBuilder regex = new StringBuilder();
        Matcher parameter = TEMPLATE.matcher(template);
        int at = 0;
        while (parameter.find()) {
            regex.append(Pattern.quote(template.substring(at, parameter.start()))).append("[^/]+");
            at = parameter.end();
        }
        return Pattern.compile(regex.append(Pattern.quote(template.substring(at))).toString());
    }
}
