import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { collectionNameMax, type CollectionErrorKey } from "~/modules/collections/collection-name";

/**
 * A collection's name and the button that sends it (create, rename, create and add), with the
 * server's error under it. The label stays with the caller, which words it for its form.
 */
export function CollectionNameField({
  id,
  error,
  defaultValue,
  className = "flex flex-col gap-2 sm:flex-row",
  children,
}: {
  id: string;
  error: CollectionErrorKey | null | undefined;
  defaultValue?: string;
  className?: string;
  /** The submit button. */
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <>
      <div className={className}>
        <input
          id={id}
          name="name"
          required
          maxLength={collectionNameMax}
          defaultValue={defaultValue}
          className="field-input min-w-0 flex-1"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        {children}
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-700">
          {t(error)}
        </p>
      ) : null}
    </>
  );
}
