package dev.toolspill.provider;

import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/** The provider formats by the name {@code ?format=} gives them. */
@ApplicationScoped
public class ProviderFormats {

    private final List<ProviderFormat> all;

    public ProviderFormats(ObjectMapper mapper) {
        Arguments arguments = new Arguments(mapper);
        this.all = List.of(new OpenAiChat(arguments), new OpenAiResponses(arguments), new Anthropic(arguments));
    }

    /**
     * The format a {@code ?format=} value names (case and outer spaces do not matter); empty for Toolspill's own
     * shape, which no value (or {@code toolspill}) asks for.
     *
     * @throws ProviderFormatException for a name that is not known, naming those that are
     */
    public Optional<ProviderFormat> named(String format) {
        String name = format == null ? "" : format.strip().toLowerCase(Locale.ROOT);
        if (name.isEmpty() || name.equals("toolspill")) {
            return Optional.empty();
        }
        return Optional.of(all.stream().filter(known -> known.name().equals(name)).findFirst()
                .orElseThrow(() -> new ProviderFormatException("format '" + format + "' is not known: use "
                        + all.stream().map(ProviderFormat::name).collect(Collectors.joining(", "))
                        + ", or leave it out for Toolspill's own shape")));
    }
}
