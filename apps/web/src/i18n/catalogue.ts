/**
 * The shape every other language's catalogue must have: exactly the keys of the zh-CN one (a missing
 * or an extra key is a type error), each a string; and beside each plural `<key>_other` (zh-CN has
 * no other plural form) its `<key>_one` (i18next's plural forms, chosen by the `count` option).
 */
export type Catalogue<T> = { [K in keyof T]: T[K] extends string ? string : Catalogue<T[K]> } & OneForms<T>;

/** `<key>_one` for every `<key>_other` of T. */
type OneForms<T> = { [K in keyof T as K extends `${infer Key}_other` ? `${Key}_one` : never]: string };
