/** A document the importer writes: an id and a type, and the fields of its schema type. */
export type SanityDocument = {_id: string; _type: string} & Record<string, unknown>
