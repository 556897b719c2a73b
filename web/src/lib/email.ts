/** The newsletter boxes' check before asking the server (the server checks again). */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isNewsletterEmail(value: string): boolean {
  const address = value.trim();
  return address.length <= 254 && EMAIL.test(address);
}
