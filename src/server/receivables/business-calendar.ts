/**
 * The Brazilian financial business calendar (the national holidays on which banks do not settle, as ANBIMA and
 * FEBRABAN publish them): fixed national holidays, Carnival Monday and Tuesday, Good Friday and Corpus Christi
 * (moving with Easter), and 20 November (Dia Nacional de Zumbi e da Consciência Negra, Lei 14.759/2023) from 2024
 * on. Saturdays and Sundays are not business days. Dates are ISO calendar dates ('YYYY-MM-DD'), with no time zone.
 */

export type IsoDate = string;

const fixed: readonly (readonly [month: number, day: number, fromYear?: number])[] = [
  [1, 1], // Confraternização Universal
  [4, 21], // Tiradentes
  [5, 1], // Dia do Trabalho
  [9, 7], // Independência
  [10, 12], // Nossa Senhora Aparecida
  [11, 2], // Finados
  [11, 15], // Proclamação da República
  [11, 20, 2024], // Consciência Negra
  [12, 25], // Natal
];

const dayMs = 86_400_000;
const toIso = (ms: number): IsoDate => new Date(ms).toISOString().slice(0, 10);
const toMs = (date: IsoDate): number => Date.parse(`${date}T00:00:00Z`);

/** Easter Sunday of a Gregorian year (the anonymous Gregorian computus, Meeus/Jones/Butcher). */
export function easterSunday(year: number): IsoDate {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return toIso(Date.UTC(year, month - 1, day));
}

const holidayCache = new Map<number, ReadonlySet<IsoDate>>();

/** The national bank holidays of a year (weekdays or not). */
export function bankHolidays(year: number): ReadonlySet<IsoDate> {
  const cached = holidayCache.get(year);
  if (cached) return cached;
  const easter = toMs(easterSunday(year));
  const moving = [-48, -47, -2, 60].map((offset) => toIso(easter + offset * dayMs)); // Carnival Mon, Tue; Good Friday; Corpus Christi
  const dates = fixed.filter(([, , from]) => from === undefined || year >= from).map(([month, day]) => toIso(Date.UTC(year, month - 1, day)));
  const set = new Set([...dates, ...moving]);
  holidayCache.set(year, set);
  return set;
}

export function addDays(date: IsoDate, days: number): IsoDate {
  return toIso(toMs(date) + days * dayMs);
}

/** Whole days from a to b (b − a). */
export function daysBetween(a: IsoDate, b: IsoDate): number {
  return Math.round((toMs(b) - toMs(a)) / dayMs);
}

export function isBusinessDay(date: IsoDate): boolean {
  const weekday = new Date(toMs(date)).getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  return !bankHolidays(Number(date.slice(0, 4))).has(date);
}

/** The date itself when it is a business day, else the next business day. */
export function nextBusinessDay(date: IsoDate): IsoDate {
  let day = date;
  while (!isBusinessDay(day)) day = addDays(day, 1);
  return day;
}

/** The calendar date of an instant in Brasília time (America/Sao_Paulo, UTC−3 since 2019, no daylight saving). */
export function saoPauloDate(instant: Date): IsoDate {
  return brasiliaDay.format(instant);
}

// made once: constructing an Intl.DateTimeFormat costs about 0.3 ms, formatting with one about 1 µs (the backfill
// spent 45 % of its CPU building them, one per sale)
const brasiliaDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo', year: 'numeric', month: '2-digit', day: '2-digit' });
