import { describe, expect, it } from "vitest";
import {
  isValidOffersPhone,
  maskCep,
  maskCnpj,
  maskCpf,
  maskCpfOrCnpj,
  maskCuit,
  maskOffersPhone,
  maskPhone,
  maskRuc,
  type PhoneCountry,
} from "./masks.ts";

/** What an input shows after each keystroke when the person types `digits` one by one. */
function typed(digits: string, mask: (value: string) => string): string[] {
  const shown: string[] = [];
  let field = "";
  for (const digit of digits) {
    field = mask(field + digit);
    shown.push(field);
  }
  return shown;
}

function expectIdempotent(mask: (value: string) => string, values: string[]): void {
  for (const value of values) {
    const once = mask(value);
    expect(mask(once)).toBe(once);
  }
}

describe("maskCpf", () => {
  it("formats a full CPF", () => {
    expect(maskCpf("12345678909")).toBe("123.456.789-09");
    expect(maskCpf("123.456.789-09")).toBe("123.456.789-09");
    expect(maskCpf(" 123 456 789 09 ")).toBe("123.456.789-09");
  });

  it("formats progressively without dangling separators", () => {
    expect(typed("12345678909", maskCpf)).toEqual([
      "1",
      "12",
      "123",
      "123.4",
      "123.45",
      "123.456",
      "123.456.7",
      "123.456.78",
      "123.456.789",
      "123.456.789-0",
      "123.456.789-09",
    ]);
  });

  it("drops extra digits and everything that is not a digit", () => {
    expect(maskCpf("123456789091234")).toBe("123.456.789-09");
    expect(maskCpf("abc")).toBe("");
    expect(maskCpf("")).toBe("");
  });
});

describe("maskCnpj", () => {
  it("formats a full CNPJ", () => {
    expect(maskCnpj("12345678000195")).toBe("12.345.678/0001-95");
    expect(maskCnpj("12.345.678/0001-95")).toBe("12.345.678/0001-95");
  });

  it("formats progressively without dangling separators", () => {
    expect(typed("12345678000195", maskCnpj)).toEqual([
      "1",
      "12",
      "12.3",
      "12.34",
      "12.345",
      "12.345.6",
      "12.345.67",
      "12.345.678",
      "12.345.678/0",
      "12.345.678/00",
      "12.345.678/000",
      "12.345.678/0001",
      "12.345.678/0001-9",
      "12.345.678/0001-95",
    ]);
  });

  it("keeps letters of an alphanumeric CNPJ, upper-cased, but not in the check digits", () => {
    expect(maskCnpj("12abc34501de35")).toBe("12.ABC.345/01DE-35");
    expect(maskCnpj("12ABC34501DEX35")).toBe("12.ABC.345/01DE-35");
    expect(maskCnpj("12.ABC.345/01DE-35")).toBe("12.ABC.345/01DE-35");
  });

  it("drops extra characters and symbols", () => {
    expect(maskCnpj("1234567800019599")).toBe("12.345.678/0001-95");
    expect(maskCnpj("!@#")).toBe("");
    expect(maskCnpj("")).toBe("");
  });
});

describe("maskCuit", () => {
  it("writes ##-########-# whatever is typed or pasted, and keeps its own output", () => {
    expect(maskCuit("20172543597")).toBe("20-17254359-7");
    expect(maskCuit("20-17254359-7")).toBe("20-17254359-7");
    expect(maskCuit("20 17254359 7 99")).toBe("20-17254359-7");
    expect(maskCuit("201")).toBe("20-1");
    expect(maskCuit("20")).toBe("20");
    expect(typed("20172543597", maskCuit).at(-1)).toBe("20-17254359-7");
  });
});

describe("maskRuc", () => {
  it("puts the dash before the last digit for any length from 2 to 9", () => {
    expect(maskRuc("800097351")).toBe("80009735-1");
    expect(maskRuc("80009735-1")).toBe("80009735-1");
    expect(maskRuc("26603")).toBe("2660-3");
    expect(maskRuc("10000070")).toBe("1000007-0");
    expect(maskRuc("12")).toBe("1-2");
  });

  it("moves the dash as the person types", () => {
    expect(typed("800097351", maskRuc)).toEqual(["8", "8-0", "80-0", "800-0", "8000-9", "80009-7", "800097-3", "8000973-5", "80009735-1"]);
  });

  it("keeps at most 9 digits and nothing else", () => {
    expect(maskRuc("8000973512")).toBe("80009735-1");
    expect(maskRuc("80.009.735-1")).toBe("80009735-1");
    expect(maskRuc("")).toBe("");
    expect(maskRuc("-")).toBe("");
  });
});

describe("maskCep", () => {
  it("formats #####-###", () => {
    expect(maskCep("01310100")).toBe("01310-100");
    expect(maskCep("01310-100")).toBe("01310-100");
    expect(maskCep("013101009")).toBe("01310-100");
    expect(typed("01310100", maskCep)).toEqual(["0", "01", "013", "0131", "01310", "01310-1", "01310-10", "01310-100"]);
    expect(maskCep("")).toBe("");
  });
});

describe("maskPhone", () => {
  const br = (value: string) => maskPhone(value, "BR");
  const py = (value: string) => maskPhone(value, "PY");
  const ar = (value: string) => maskPhone(value, "AR");

  it("formats a Brazilian mobile with 9 digits and a landline with 8", () => {
    expect(br("11987654321")).toBe("+55 (11) 98765-4321");
    expect(br("1134567890")).toBe("+55 (11) 3456-7890");
    expect(br("5511987654321")).toBe("+55 (11) 98765-4321");
    expect(br("551134567890")).toBe("+55 (11) 3456-7890");
    expect(br("+55 11 98765-4321")).toBe("+55 (11) 98765-4321");
    expect(br("+55 (11) 3456-7890")).toBe("+55 (11) 3456-7890");
    expect(br("(11) 98765-4321")).toBe("+55 (11) 98765-4321");
  });

  it("keeps a DDD 55 number that is written nationally", () => {
    expect(br("55991234567")).toBe("+55 (55) 99123-4567");
    expect(br("+55 55 99123-4567")).toBe("+55 (55) 99123-4567");
    expect(br("5555991234567")).toBe("+55 (55) 99123-4567");
  });

  it("drops trunk and international-dialling zeros", () => {
    expect(br("011987654321")).toBe("+55 (11) 98765-4321");
    expect(br("005511987654321")).toBe("+55 (11) 98765-4321");
  });

  it("formats a Brazilian number progressively", () => {
    expect(typed("11987654321", br)).toEqual([
      "+55 (1",
      "+55 (11",
      "+55 (11) 9",
      "+55 (11) 98",
      "+55 (11) 987",
      "+55 (11) 9876",
      "+55 (11) 9876-5",
      "+55 (11) 9876-54",
      "+55 (11) 9876-543",
      "+55 (11) 9876-5432",
      "+55 (11) 98765-4321",
    ]);
    expect(typed("55991234567", br).at(-1)).toBe("+55 (55) 99123-4567");
  });

  it("empties the field when the person erases the prefix", () => {
    expect(br("")).toBe("");
    expect(br("+55 (")).toBe("");
    expect(br("+55")).toBe("");
    expect(br("+5")).toBe("");
    expect(br("+")).toBe("");
  });

  it("formats a Paraguayan number", () => {
    expect(py("981123456")).toBe("+595 981 123 456");
    expect(py("0981123456")).toBe("+595 981 123 456");
    expect(py("0981 123 456")).toBe("+595 981 123 456");
    expect(py("595981123456")).toBe("+595 981 123 456");
    expect(py("+595 981 123 456")).toBe("+595 981 123 456");
    expect(py("+595981123456789")).toBe("+595 981 123 456");
    expect(typed("0981123456", py)).toEqual([
      "",
      "+595 9",
      "+595 98",
      "+595 981",
      "+595 981 1",
      "+595 981 12",
      "+595 981 123",
      "+595 981 123 4",
      "+595 981 123 45",
      "+595 981 123 456",
    ]);
    expect(py("+595")).toBe("");
    expect(py("+59")).toBe("");
  });

  it("formats an Argentine number, keeping the digits the spec's mask has no room for", () => {
    expect(ar("123456789")).toBe("+54 123 456 789");
    expect(ar("1123456789")).toBe("+54 112 345 6789");
    expect(ar("541123456789")).toBe("+54 112 345 6789");
    expect(ar("+54 11 2345-6789")).toBe("+54 112 345 6789");
    expect(ar("91123456789")).toBe("+54 9 112 345 6789");
    expect(ar("5491123456789")).toBe("+54 9 112 345 6789");
    expect(ar("+54 9 11 2345-6789")).toBe("+54 9 112 345 6789");
    expect(ar("01123456789")).toBe("+54 112 345 6789");
    expect(typed("91123456789", ar)).toEqual([
      "+54 9",
      "+54 91",
      "+54 911",
      "+54 911 2",
      "+54 911 23",
      "+54 911 234",
      "+54 911 234 5",
      "+54 911 234 56",
      "+54 911 234 567",
      "+54 911 234 5678",
      "+54 9 112 345 6789",
    ]);
    expect(ar("+54")).toBe("");
  });

  it("gives back its own output unchanged", () => {
    const samples = ["11987654321", "1134567890", "55991234567", "5511987654321", "119", "1", ""];
    for (const country of ["BR", "PY", "AR"] as PhoneCountry[]) {
      expectIdempotent((value) => maskPhone(value, country), samples);
    }
  });
});

describe("maskOffersPhone", () => {
  const offers = (locale: string) => (value: string) => maskOffersPhone(value, locale);

  it("es-PY: +595 xxx xxx xxx with the country code", () => {
    expect(maskOffersPhone("595981123456", "es-PY")).toBe("+595 981 123 456");
    expect(maskOffersPhone("+595 981 123 456", "es-PY")).toBe("+595 981 123 456");
    expect(maskOffersPhone("5959811234567", "es-PY")).toBe("+595 981 123 456");
    expect(typed("595981123456", offers("es-PY"))).toEqual([
      "5",
      "59",
      "+595",
      "+595 9",
      "+595 98",
      "+595 981",
      "+595 981 1",
      "+595 981 12",
      "+595 981 123",
      "+595 981 123 4",
      "+595 981 123 45",
      "+595 981 123 456",
    ]);
  });

  it("es-PY: xxx xxx xxx without it, up to 12 digits", () => {
    expect(maskOffersPhone("981123456", "es-PY")).toBe("981 123 456");
    expect(maskOffersPhone("0981123456", "es-PY")).toBe("098 112 345 6");
    expect(maskOffersPhone("0981123456789", "es-PY")).toBe("098 112 345 678");
    expect(typed("9811", offers("es-PY"))).toEqual(["9", "98", "981", "981 1"]);
  });

  it("es-AR: +54 9 xxx xxx-xxxx with 549", () => {
    expect(maskOffersPhone("5491123456789", "es-AR")).toBe("+54 9 112 345-6789");
    expect(maskOffersPhone("+54 9 112 345-6789", "es-AR")).toBe("+54 9 112 345-6789");
    expect(maskOffersPhone("54911234567890", "es-AR")).toBe("+54 9 112 345-6789");
    expect(typed("5491123456789", offers("es-AR"))).toEqual([
      "5",
      "+54",
      "+54 9",
      "+54 9 1",
      "+54 9 11",
      "+54 9 112",
      "+54 9 112 3",
      "+54 9 112 34",
      "+54 9 112 345",
      "+54 9 112 345-6",
      "+54 9 112 345-67",
      "+54 9 112 345-678",
      "+54 9 112 345-6789",
    ]);
  });

  it("es-AR: +54 xxx xxx-xxxx with 54", () => {
    expect(maskOffersPhone("541123456789", "es-AR")).toBe("+54 112 345-6789");
    expect(maskOffersPhone("+54 112 345-6789", "es-AR")).toBe("+54 112 345-6789");
    // The 13th digit stays: the field allows 13.
    expect(maskOffersPhone("5411234567890", "es-AR")).toBe("+54 112 345-67890");
    expect(typed("5411", offers("es-AR"))).toEqual(["5", "+54", "+54 1", "+54 11"]);
  });

  it("es-AR: xxx xxx-xxxx from 10 digits, plain digits before", () => {
    expect(maskOffersPhone("1123456789", "es-AR")).toBe("112 345-6789");
    expect(maskOffersPhone("112 345-6789", "es-AR")).toBe("112 345-6789");
    expect(maskOffersPhone("01123456789", "es-AR")).toBe("011 234-56789");
    expect(maskOffersPhone("0112345678901234", "es-AR")).toBe("011 234-5678901"); // cut at 13 digits
    expect(maskOffersPhone("112345678", "es-AR")).toBe("112345678");
    expect(typed("1123456789", offers("es-AR")).slice(-2)).toEqual(["112345678", "112 345-6789"]);
  });

  it("pt-BR and any other locale: (xx) xxxxx-xxxx, up to 11 digits", () => {
    expect(maskOffersPhone("11987654321", "pt-BR")).toBe("(11) 98765-4321");
    expect(maskOffersPhone("(11) 98765-4321", "pt-BR")).toBe("(11) 98765-4321");
    expect(maskOffersPhone("119876543210", "pt-BR")).toBe("(11) 98765-4321");
    expect(maskOffersPhone("11987654321", "en-US")).toBe("(11) 98765-4321");
    expect(maskOffersPhone("11987654321", "")).toBe("(11) 98765-4321");
    expect(typed("11987654321", offers("pt-BR"))).toEqual([
      "(1",
      "(11",
      "(11) 9",
      "(11) 98",
      "(11) 987",
      "(11) 9876",
      "(11) 98765",
      "(11) 98765-4",
      "(11) 98765-43",
      "(11) 98765-432",
      "(11) 98765-4321",
    ]);
  });

  it("gives an empty string for an empty field", () => {
    for (const locale of ["es-PY", "es-AR", "pt-BR"]) expect(maskOffersPhone("", locale)).toBe("");
    for (const locale of ["es-PY", "es-AR", "pt-BR"]) expect(maskOffersPhone("abc", locale)).toBe("");
  });

  it("gives back its own output unchanged", () => {
    const samples = ["595981123456", "981123456", "5491123456789", "541123456789", "1123456789", "11987654321", "59"];
    for (const locale of ["es-PY", "es-AR", "pt-BR"]) expectIdempotent(offers(locale), samples);
  });
});

describe("isValidOffersPhone", () => {
  it("accepts 10 to 15 digits once everything else is removed", () => {
    expect(isValidOffersPhone("1198765432")).toBe(true);
    expect(isValidOffersPhone("(11) 98765-4321")).toBe(true);
    expect(isValidOffersPhone("+595 981 123 456")).toBe(true);
    expect(isValidOffersPhone("123456789012345")).toBe(true);
  });

  it("refuses fewer than 10 or more than 15 digits", () => {
    expect(isValidOffersPhone("119876543")).toBe(false);
    expect(isValidOffersPhone("1234567890123456")).toBe(false);
    expect(isValidOffersPhone("(11) 9876-543")).toBe(false);
    expect(isValidOffersPhone("abcdefghijkl")).toBe(false);
    expect(isValidOffersPhone("")).toBe(false);
  });
});

describe("maskCpfOrCnpj", () => {
  it("masks a CPF up to 11 digits and a CNPJ beyond, or as soon as a letter comes", () => {
    expect(maskCpfOrCnpj("52998224725")).toBe("529.982.247-25");
    expect(maskCpfOrCnpj("529982247")).toBe("529.982.247");
    expect(maskCpfOrCnpj("112223330001")).toBe("11.222.333/0001");
    expect(maskCpfOrCnpj("11222333000181")).toBe("11.222.333/0001-81");
    expect(maskCpfOrCnpj("529.982.247-251")).toBe("52.998.224/7251");
    expect(maskCpfOrCnpj("12abc34501de35")).toBe("12.ABC.345/01DE-35");
  });
});
