package dev.boxmaker.proto.wire;

import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import dev.boxmaker.proto.Sentences;
import dev.boxmaker.proto.wire.msg.Fields;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The field at fault in a JSON object that could not become a record, and why, worked out from
 * Jackson's account: {@code request.tool} and {@code is missing}. Frames and session logs both
 * name a bad field this way, so the owner reads the same words for the same fault.
 *
 * @param field the field's path from the object's top, {@code body} when no field can be named
 * @param why   the reason, a phrase from {@link Sentences} that follows the field's name
 */
public record FieldFault(String field, String why) {
    /** The name Jackson gives the whole object when no field is at fault. */
    public static final String WHOLE = "body";

    private static final Pattern MISSING_CREATOR_PROPERTY =
            Pattern.compile("^Missing required creator property '([^']*)'");

    /** The fault {@code e} describes. */
    public static FieldFault of(JsonMappingException e) {
        List<JsonMappingException.Reference> path = e.getPath();
        String at = path(path);
        Throwable cause = e.getCause();
        if (cause instanceof Fields.Missing missing) {
            return new FieldFault(join(at, missing.field()), Sentences.FIELD_MISSING);
        }
        if (cause instanceof Fields.Invalid invalid) {
            return new FieldFault(join(at, invalid.field()), invalid.why());
        }
        if (cause instanceof IllegalArgumentException && cause.getMessage() != null) {
            // A value's own check (a session id, a data class): its sentence says what is wrong.
            return new FieldFault(at.isEmpty() ? WHOLE : at, Sentences.fieldWrong(cause.getMessage()));
        }
        Matcher m = e instanceof MismatchedInputException && e.getOriginalMessage() != null
                ? MISSING_CREATOR_PROPERTY.matcher(e.getOriginalMessage()) : null;
        if (m != null && m.find()) {
            // Jackson has already put the missing property at the end of the path.
            String name = m.group(1);
            boolean named = !path.isEmpty() && name.equals(path.get(path.size() - 1).getFieldName());
            return new FieldFault(named ? at : join(at, name), Sentences.FIELD_MISSING);
        }
        return new FieldFault(at.isEmpty() ? WHOLE : at, Sentences.FIELD_WRONG_TYPE);
    }

    private static String path(List<JsonMappingException.Reference> path) {
        StringBuilder out = new StringBuilder();
        for (JsonMappingException.Reference ref : path) {
            if (ref.getFieldName() != null) {
                out.append(out.length() == 0 ? "" : ".").append(ref.getFieldName());
            } else {
                out.append('[').append(ref.getIndex()).append(']');
            }
        }
        return out.toString();
    }

    private static String join(String path, String field) {
        return path.isEmpty() ? field : path + "." + field;
    }
}
