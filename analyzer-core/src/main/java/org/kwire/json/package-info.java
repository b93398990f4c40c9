/**
 * The report's JSON as kwire writes it ({@link org.kwire.json.ReportJson}: {@code docs/report.schema.json}), and
 * reading kwire's own JSON documents back — partials ({@code docs/partial.schema.json}, read by {@code kwire merge})
 * and reports ({@code docs/report.schema.json}, read by {@code kwire report}) — as inputs that may be damaged or
 * hostile, the way a capture is read: bounded by configuration ({@link org.kwire.json.JsonLimits}: the document's
 * bytes, its JSON tokens, its nesting, every string's length; Jackson's {@code StreamReadConstraints} enforce them as
 * the document is parsed, so nothing past a limit is held), parsed into a tree with duplicated names refused, and
 * validated against the published JSON Schema ({@link org.kwire.json.JsonSchemas}, networknt's validator, draft
 * 2020-12) before anything uses it. Every refusal is a {@link org.kwire.json.JsonInputException}: one line naming
 * the field by its JSON pointer (RFC 6901) and what is wrong with it, never a Java exception's name.
 * <p>
 * Trees are Jackson 3's ({@code tools.jackson}), the validator's own; kwire writes, and binds its records, with
 * Jackson 2 ({@code com.fasterxml.jackson}). Thread safety: the schemas are immutable once loaded and shared; the
 * writer is stateless.
 */
package org.kwire.json;
