/** A translation tree with the same keys as the Portuguese source, every leaf a string. */
export type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };
