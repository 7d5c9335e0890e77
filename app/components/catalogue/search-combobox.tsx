import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { localePath } from "~/components/use-locale";
import { marketplaceSearch, type SearchSuggestions } from "~/modules/catalogue/catalogue-query";
import type { Locale } from "~/modules/i18n/locale";

/** Waiting this long after the last key before asking keeps one request per pause in typing. */
const debounceMs = 200;

type Option = { group: "items" | "tags" | "creators"; label: string; href: string };

function optionsOf(suggestions: SearchSuggestions | null, locale: Locale): Option[] {
  if (!suggestions) return [];
  const base = localePath(locale, "/marketplace");
  return [
    ...suggestions.items.map((item) => ({
      group: "items" as const,
      label: item.title,
      href: localePath(locale, `/product/${item.id}`),
    })),
    ...suggestions.tags.map((tag) => ({
      group: "tags" as const,
      label: tag,
      href: `${base}${marketplaceSearch({ q: tag })}`,
    })),
    ...suggestions.creators.map((creator) => ({
      group: "creators" as const,
      label: creator.name,
      href: localePath(locale, `/creator/${creator.id}`),
    })),
  ];
}

/**
 * The marketplace's search field with suggestions while typing (items, tags, creators): the
 * ARIA combobox pattern with a grouped listbox, arrows to move, Enter to open the chosen one,
 * Escape to close. Without JavaScript, or with no option chosen, it is the form's plain `q`.
 */
export function SearchCombobox({
  defaultValue,
  locale,
  label,
  placeholder,
}: {
  defaultValue: string;
  locale: Locale;
  label: string;
  placeholder: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useId();
  const listId = `${id}-list`;
  const [value, setValue] = useState(defaultValue);
  const [typing, setTyping] = useState(false);
  const [suggestions, setSuggestions] = useState<SearchSuggestions | null>(null);
  const [active, setActive] = useState(-1);
  const typed = value.trim();
  // Suggestions answer what is typed now: none under 2 letters or once the list was closed.
  const available = typed.length >= 2 ? optionsOf(suggestions, locale) : [];
  const options = typing ? available : [];
  const open = options.length > 0;

  useEffect(() => {
    if (!typing || typed.length < 2) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      const search = new URLSearchParams({ q: typed, lang: locale });
      fetch(`/api/catalogue/suggestions?${search}`, { signal: controller.signal })
        .then((response) => (response.ok ? (response.json() as Promise<SearchSuggestions>) : null))
        .then(setSuggestions)
        // Suggestions are a help: without them the field still searches.
        .catch(() => {});
    }, debounceMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [typed, typing, locale]);

  const choose = (option: Option) => {
    setTyping(false);
    void navigate(option.href);
  };

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      if (available.length === 0) return;
      event.preventDefault();
      const step = event.key === "ArrowDown" ? 1 : -1;
      if (!typing) {
        // A closed list opens on the first (or last) suggestion.
        setTyping(true);
        setActive(step === 1 ? 0 : available.length - 1);
        return;
      }
      // Positions run through every option and back to the field itself (-1).
      const positions = options.length + 1;
      setActive((current) => ((current + 1 + step + positions) % positions) - 1);
    } else if (event.key === "Enter" && open && active >= 0 && active < options.length) {
      event.preventDefault();
      choose(options[active]!);
    } else if (event.key === "Escape" && open) {
      event.preventDefault();
      setTyping(false);
      setActive(-1);
    }
  };

  const groups = (["items", "tags", "creators"] as const).filter((group) =>
    options.some((option) => option.group === group),
  );
  const optionId = (index: number) => `${id}-option-${index}`;
  const activeOption = open && active >= 0 && active < options.length ? active : -1;

  return (
    <div className="relative col-span-full flex flex-col gap-1 lg:col-span-1">
      <label htmlFor={`${id}-input`} className="text-sm font-medium">
        {label}
      </label>
      <input
        id={`${id}-input`}
        name="q"
        type="search"
        value={value}
        onChange={(event) => {
          setValue(event.target.value);
          setTyping(true);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setTyping(false)}
        maxLength={200}
        placeholder={placeholder}
        autoComplete="off"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={activeOption >= 0 ? optionId(activeOption) : undefined}
        className="field-input"
      />
      <p className="sr-only" aria-live="polite">
        {open ? t("marketplace.suggestions.count", { count: options.length }) : ""}
      </p>
      <div
        id={listId}
        role="listbox"
        aria-label={t("marketplace.suggestions.label")}
        hidden={!open}
        className="absolute inset-x-0 top-full z-20 mt-1 max-h-80 overflow-auto rounded-lg border border-border bg-surface p-1 shadow-lg"
      >
        {groups.map((group) => (
          <div key={group} role="group" aria-labelledby={`${id}-${group}`}>
            <div
              id={`${id}-${group}`}
              role="presentation"
              className="px-2 pt-2 pb-1 text-xs font-semibold text-muted uppercase"
            >
              {t(`marketplace.suggestions.${group}`)}
            </div>
            {options.map((option, index) =>
              option.group === group ? (
                <div
                  key={option.href}
                  id={optionId(index)}
                  role="option"
                  aria-selected={index === activeOption}
                  tabIndex={-1}
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => choose(option)}
                  onKeyDown={(event) => {
                    if (event.key === "Enter") choose(option);
                  }}
                  className="cursor-pointer truncate rounded-md px-2 py-1.5 aria-selected:bg-accent-soft"
                >
                  {option.label}
                </div>
              ) : null,
            )}
          </div>
        ))}
      </div>
    </div>
  );
}
