const decimals = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 2 });
const twoDecimals = new Intl.NumberFormat('fr-FR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const UNITS = ['Bytes', 'KB', 'MB', 'GB'] as const;

/** Spec §5: sizes displayed in Bytes/KB/MB/GB ("0 Bytes", "512 Bytes", "1,5 KB", "2,25 GB"). */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return `0 ${UNITS[0]}`;
  const unit = Math.min(UNITS.length - 1, Math.floor(Math.log(bytes) / Math.log(1024)));
  return `${decimals.format(bytes / 1024 ** unit)} ${UNITS[unit]}`;
}

/** Spec §9: a PDF's size in MB with 2 decimals ("1,25 MB"). */
export function formatMegabytes(bytes: number): string {
  return `${twoDecimals.format(bytes / 1024 ** 2)} MB`;
}
