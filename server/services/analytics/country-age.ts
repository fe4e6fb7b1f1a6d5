/**
 * What the operator is told when the country tables are old (issue 40, decision 0035). The GeoLite2 licence asks
 * for MaxMind's release within 30 days; MaxMind publishes twice a week, the `geoip-country` package on npm far less
 * often (its newest may be months old), so only MaxMind's own download, with a free licence key, keeps a site
 * current. The notice says how old the data is, where it comes from, and the one step that brings newer data:
 * never a command that cannot (countries:update without a key only installs npm's newest package, which is
 * usually the one installed already).
 */

/** MaxMind publishes GeoLite2 twice a week; its licence gives 30 days to move to a new release (decision 0035). */
export const COUNTRY_DATA_MAX_AGE_DAYS = 35;

export type CountryDataState = {
  /** The day of the data ("2026-09-26"), or null when it cannot be told. */
  dataDate: string | null;
  /** Where the tables in use come from (countryDataSource()). */
  source: "folder" | "package" | null;
  /** Whether COUNTRY_DATA_DIR is set (MaxMind's downloads go there). */
  dataDirSet: boolean;
};

/** Whole days from the data's day to `now`; null when the day is unknown. */
export function countryDataAgeDays(dataDate: string | null, now = Date.now()): number | null {
  if (!dataDate) return null;
  const day = Date.parse(`${dataDate}T00:00:00Z`);
  return Number.isFinite(day) ? Math.max(0, Math.floor((now - day) / 86_400_000)) : null;
}

/** The step that brings newer data, for where it comes from now. */
export function newerCountryDataStep(state: Pick<CountryDataState, "source" | "dataDirSet">): string {
  const run = "run countries:update (`npm run countries:update`; `wise-parrot countries:update` in the Docker image)";
  if (state.source === "folder") return `${run} with GEOLITE2_LICENSE_KEY set, weekly from cron, then restart the site`;
  return state.dataDirSet
    ? `COUNTRY_DATA_DIR holds no tables yet: with GEOLITE2_LICENSE_KEY (a free MaxMind account's licence key) set, ${run} weekly from cron, then restart the site`
    : `newer data comes only from MaxMind, with a free MaxMind account's licence key: set GEOLITE2_LICENSE_KEY and COUNTRY_DATA_DIR (a folder outside node_modules), then ${run} weekly from cron and restart the site`;
}

/** The warning for data older than COUNTRY_DATA_MAX_AGE_DAYS; null while it is recent enough (or its day unknown). */
export function staleCountryDataNotice(state: CountryDataState, now = Date.now()): string | null {
  const ageDays = countryDataAgeDays(state.dataDate, now);
  if (ageDays === null || ageDays <= COUNTRY_DATA_MAX_AGE_DAYS) return null;
  const origin =
    state.source === "folder"
      ? `MaxMind's GeoLite2 as written into COUNTRY_DATA_DIR on ${state.dataDate}`
      : `GeoLite2 of ${state.dataDate}, as the installed geoip-country package ships it`;
  return `country data is ${ageDays} days old (${origin}); the GeoLite2 licence asks for a release at most 30 days old. To update: ${newerCountryDataStep(state)}`;
}
