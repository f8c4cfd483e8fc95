/** GB 11643-1999 weights and check characters for the 18-digit resident ID number. */
const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const CHECK_CHARS = '10X98765432';

export function idCardCheckChar(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * (WEIGHTS[i] ?? 0);
  return CHECK_CHARS[sum % 11] ?? '';
}

/** Birth date of a valid ID number as YYYY-MM-DD, or null. */
function birthDate(id: string): Date | null {
  const y = Number(id.slice(6, 10));
  const m = Number(id.slice(10, 12));
  const d = Number(id.slice(12, 14));
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) {
    return null;
  }
  if (y < 1900 || date.getTime() > Date.now()) return null;
  return date;
}

/** Structure, region code, birth date and check digit. */
export function isValidIdCard(raw: string): boolean {
  const id = raw.toUpperCase();
  if (!/^[1-9]\d{16}[\dX]$/.test(id)) return false;
  if (!birthDate(id)) return false;
  return idCardCheckChar(id.slice(0, 17)) === id[17];
}

export function ageOf(id: string, now = new Date()): number {
  const birth = birthDate(id.toUpperCase());
  if (!birth) return -1;
  let age = now.getUTCFullYear() - birth.getUTCFullYear();
  const beforeBirthday =
    now.getUTCMonth() < birth.getUTCMonth() ||
    (now.getUTCMonth() === birth.getUTCMonth() && now.getUTCDate() < birth.getUTCDate());
  if (beforeBirthday) age -= 1;
  return age;
}

/** 110101199003077777 → 1101**********777X style: first 4 and last 4 kept. */
export function maskIdCard(id: string): string {
  const upper = id.toUpperCase();
  return `${upper.slice(0, 4)}${'*'.repeat(10)}${upper.slice(14)}`;
}

/** 张三 → 张*, 欧阳娜娜 → 欧**娜, keeping the surname (and the last character for long names). */
export function maskName(name: string): string {
  const chars = [...name];
  if (chars.length <= 2) return `${chars[0]}*`;
  return `${chars[0]}${'*'.repeat(chars.length - 2)}${chars[chars.length - 1]}`;
}

export function maskPhone(phone: string): string {
  return `${phone.slice(0, 3)}****${phone.slice(7)}`;
}

/** Chinese names: Han characters, optionally with the middle dot of minority names, 2-20 long. */
export function isValidRealName(name: string): boolean {
  return (
    /^[\u4e00-\u9fa5]{1,10}(?:[·•][\u4e00-\u9fa5]{1,10})*$/.test(name) && [...name].length >= 2
  );
}
