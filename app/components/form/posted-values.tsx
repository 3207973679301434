import { createContext, useContext, type ReactNode } from "react";

/**
 * What a form posted without the page's scripts, when the server refused it and answered with the page: its
 * fields start from what was typed, as they stay when the scripts post the form, rather than from the record.
 * A file or a password is never sent back.
 */
const PostedValuesContext = createContext<Readonly<Record<string, string>> | undefined>(undefined);

/** The fields inside keep `values` (a refused form's, see above); none when `values` is undefined. */
export function PostedValues({ values, children }: { values: Readonly<Record<string, string>> | undefined; children: ReactNode }) {
  return <PostedValuesContext.Provider value={values}>{children}</PostedValuesContext.Provider>;
}

/** The value a field of `name` starts with: the one posted with a refused form, else `fallback`. */
export function usePostedValue<T>(name: string, fallback: T): string | T {
  const values = useContext(PostedValuesContext);
  return values && Object.hasOwn(values, name) ? values[name]! : fallback;
}

/** Whether a checkbox of `name` starts ticked: as it was posted with a refused form (absent is unticked), else `fallback`. */
export function usePostedCheck(name: string, fallback: boolean | undefined): boolean | undefined {
  const values = useContext(PostedValuesContext);
  return values ? Object.hasOwn(values, name) : fallback;
}
