/**
 * Compiled decoding plans: the stage between the schemas and the interpreter. A {@link org.kwire.plan.MessagePlan} is
 * one (api key, version, direction) of a schema resolved once: each struct's fields present in that version, in
 * declaration order ({@link org.kwire.plan.StructPlan}), each with its wire type ({@link org.kwire.plan.FieldKind}),
 * whether it is nullable, tagged (its tag) or compact in that version, its name in Kafka's JSON shape and its default
 * ({@link org.kwire.plan.FieldPlan}); array elements and struct types have plans of their own. Decoding a frame then
 * never looks at a schema again.
 *
 * <h2>In, out</h2>
 * {@link org.kwire.plan.PlanCache#plan} takes an api key, a direction and a version and gives
 * {@code Optional<MessagePlan>}, empty when no known release defines that version (or the key or version is negative).
 * Plans are immutable records.
 *
 * <h2>Errors</h2>
 * A schema that passed validation compiles; one that refers to a struct it does not define or uses an unknown type
 * (possible only with a broken {@code --schemas} overlay the validator let through) throws
 * {@link java.lang.IllegalArgumentException} naming the message and the field.
 *
 * <h2>Threads</h2>
 * {@link org.kwire.plan.PlanCache} is thread-safe: each plan is compiled on first use and cached (a concurrent map),
 * so every thread decoding the same version shares one plan.
 *
 * <h2>Rules from</h2>
 * Kafka's message schema README ({@code versions}, {@code nullableVersions}, {@code taggedVersions},
 * {@code flexibleVersions}, common structs by name) and the protocol guide's "Protocol Primitive Types": strings,
 * bytes, records and arrays in their legacy (int16/int32 length) or compact (uvarint length + 1, KIP-482) form by the
 * version's flexibility.
 *
 * <h2>API status</h2>
 * Internal: may change without notice (the front door takes a {@code SchemaRegistry} and compiles its own plans).
 */
package org.kwire.plan;
