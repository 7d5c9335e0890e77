import { useTranslation } from "react-i18next";

/** A table cell naming a person with their e-mail, or 'Utilisateur supprimé' once they are gone. */
export function PersonCell({ person }: { person: { name: string; email: string } | null }) {
  const { t } = useTranslation();
  return (
    <td className="px-3 py-2">
      {person ? (
        <>
          {person.name}
          <span className="block text-xs text-muted">{person.email}</span>
        </>
      ) : (
        <span className="text-muted italic">{t("admin.deletedUser")}</span>
      )}
    </td>
  );
}
