// Made on first use, not when the module loads: building a number format
// costs a phone tens of milliseconds, and most pages importing this module
// never format a currency amount.
let usd: Intl.NumberFormat | undefined;
let usdCents: Intl.NumberFormat | undefined;

/** 250000 -> "$250,000" (USD, no decimals: the wizard's summary rounds to whole dollars). */
export function formatUsd(amount: number): string {
  usd ??= new Intl.NumberFormat("en-US", {
    style: "currency",
    currency: "USD",
    maximumFractionDigits: 0,
    minimumFractionDigits: 0,
  });
  return usd.format(amount);
}

/**
 * An amount as it was entered: 250000 -> "$250,000", 350000.5 -> "$350,000.50"
 * (cents shown when there are any, never rounded away).
 */
export function formatUsdAsEntered(amount: number): string {
  if (Math.round(amount * 100) % 100 === 0) return formatUsd(amount);
  usdCents ??= new Intl.NumberFormat("en-US", {
    style: "currency",
    currency: "USD",
    maximumFractionDigits: 2,
    minimumFractionDigits: 2,
  });
  return usdCents.format(amount);
}

/** 500000 -> "$500K", 5000000 -> "$5M", 2500000 -> "$2.5M". */
export function formatUsdCompact(amount: number): string {
  if (amount >= 1_000_000) return `$${trim(amount / 1_000_000)}M`;
  if (amount >= 1_000) return `$${trim(amount / 1_000)}K`;
  return `$${amount}`;
}

function trim(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(1).replace(/\.0$/, "");
}

/** { min: 500000, max: 5000000 } -> "$500K-$5M" (the site's range notation). */
export function formatUsdRange(range: { min: number; max: number }): string {
  return `${formatUsdCompact(range.min)}-${formatUsdCompact(range.max)}`;
}

/** "real-estate" -> "Real Estate", "6-months+" -> "6 Months+". */
export function hyphenToTitleCase(value: string): string {
  return value
    .split("-")
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(" ");
}

/** A file's size for people: "820 KB", "4.2 MB", "25 MB" (decimal units, as phones and banks show them). */
export function formatFileSize(bytes: number): string {
  if (bytes < 1e6) return `${Math.max(1, Math.round(bytes / 1e3))} KB`;
  const megabytes = bytes / 1e6;
  return `${megabytes < 10 ? Number(megabytes.toFixed(1)) : Math.round(megabytes)} MB`;
}
