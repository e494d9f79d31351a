/** Package arithmetic shared by the server and the admin form; no Zod, so the web can import it at no cost. */

/** The discount a package gives off its regular price, in percent with two decimals. */
export function packageDiscount(originalPrice: string | number, packagePrice: string | number): string {
  const original = Number(originalPrice);
  const pkg = Number(packagePrice);
  if (!(original > 0) || !(pkg > 0)) return '0.00';
  return (((original - pkg) / original) * 100).toFixed(2);
}
