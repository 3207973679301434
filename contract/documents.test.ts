import { describe, expect, it } from "vitest";
import { isValidCnpj, isValidCpf, isValidCuit, isValidRuc, onlyDigits, rucCheckDigit } from "./documents.ts";

describe("onlyDigits", () => {
  it("keeps the digits only", () => {
    expect(onlyDigits("123.456.789-09")).toBe("12345678909");
    expect(onlyDigits("+55 (11) 98765-4321")).toBe("5511987654321");
    expect(onlyDigits("abc")).toBe("");
    expect(onlyDigits("")).toBe("");
    expect(onlyDigits("١٢٣")).toBe(""); // only ASCII digits count
  });

  it("gives an empty string for a missing value", () => {
    expect(onlyDigits(null)).toBe("");
    expect(onlyDigits(undefined)).toBe("");
  });
});

describe("isValidCpf", () => {
  it("accepts valid CPFs with or without the mask", () => {
    expect(isValidCpf("123.456.789-09")).toBe(true);
    expect(isValidCpf("12345678909")).toBe(true);
    expect(isValidCpf("529.982.247-25")).toBe(true);
    expect(isValidCpf(" 52998224725 ")).toBe(true);
  });

  it("refuses wrong check digits, repeated digits, wrong lengths and junk", () => {
    expect(isValidCpf("123.456.789-00")).toBe(false);
    expect(isValidCpf("529.982.247-52")).toBe(false);
    expect(isValidCpf("000.000.000-00")).toBe(false);
    expect(isValidCpf("111.111.111-11")).toBe(false);
    expect(isValidCpf("1234567890")).toBe(false);
    expect(isValidCpf("123456789090")).toBe(false);
    expect(isValidCpf("CPF 123.456.789-09")).toBe(false);
    expect(isValidCpf("")).toBe(false);
    expect(isValidCpf(null as unknown as string)).toBe(false);
    expect(isValidCpf(12345678909 as unknown as string)).toBe(false);
  });
});

describe("isValidCnpj", () => {
  it("accepts valid numeric CNPJs with or without the mask", () => {
    expect(isValidCnpj("12.345.678/0001-95")).toBe(true);
    expect(isValidCnpj("12345678000195")).toBe(true);
    expect(isValidCnpj("11.222.333/0001-81")).toBe(true);
  });

  it("accepts alphanumeric CNPJs, in either case", () => {
    expect(isValidCnpj("12.ABC.345/01DE-35")).toBe(true);
    expect(isValidCnpj("12ABC34501DE35")).toBe(true);
    expect(isValidCnpj("12abc34501de35")).toBe(true);
    expect(isValidCnpj("12.ABC.345/01DE-36")).toBe(false);
  });

  it("refuses wrong check digits, repeated digits, wrong lengths and junk", () => {
    expect(isValidCnpj("12.345.678/0001-90")).toBe(false);
    expect(isValidCnpj("00.000.000/0000-00")).toBe(false);
    expect(isValidCnpj("11111111111111")).toBe(false);
    expect(isValidCnpj("1234567800019")).toBe(false);
    expect(isValidCnpj("123.456.789-09")).toBe(false);
    expect(isValidCnpj("")).toBe(false);
    expect(isValidCnpj(undefined as unknown as string)).toBe(false);
  });
});

describe("rucCheckDigit", () => {
  it("computes SET's Pa_Calcular_Dv_11_A", () => {
    expect(rucCheckDigit("80009735")).toBe(1);
    expect(rucCheckDigit("80028061")).toBe(0);
    expect(rucCheckDigit("80000035")).toBe(8);
    expect(rucCheckDigit("2660")).toBe(3);
    expect(rucCheckDigit("1000007")).toBe(0);
  });

  it("gives 0 when the remainder is 0 or 1", () => {
    expect(rucCheckDigit("6")).toBe(0); // 6×2 = 12, r = 1
    expect(rucCheckDigit("0")).toBe(0); // r = 0
    expect(rucCheckDigit("11")).toBe(6); // 1×3 + 1×2 = 5, r = 5
  });

  it("restarts the weights at 2 after 11", () => {
    // Eleven ones: weights 2..11 then 2 again → 65 + 2 = 67, r = 1 → 0.
    expect(rucCheckDigit("11111111111")).toBe(0);
    // Ten ones: 2..11 → 65, r = 10 → 1.
    expect(rucCheckDigit("1111111111")).toBe(1);
  });

  it("counts a letter as its ASCII code, upper-cased first", () => {
    // "A" → "65": 5×2 + 6×3 = 28, r = 6 → 5.
    expect(rucCheckDigit("A")).toBe(5);
    expect(rucCheckDigit("a")).toBe(5);
    expect(rucCheckDigit("1234567A")).toBe(rucCheckDigit("123456765"));
  });
});

describe("isValidRuc", () => {
  it("accepts the reference examples", () => {
    for (const ruc of ["80009735-1", "80028061-0", "80000035-8", "2660-3", "1000007-0"]) {
      expect(isValidRuc(ruc)).toBe(true);
    }
  });

  it("reads the last digit as the check digit when there is no dash", () => {
    expect(isValidRuc("800097351")).toBe(true);
    expect(isValidRuc("26603")).toBe(true);
    expect(isValidRuc("10000070")).toBe(true);
    expect(isValidRuc("800097352")).toBe(false);
  });

  it("tolerates spaces and thousands dots", () => {
    expect(isValidRuc(" 80009735-1 ")).toBe(true);
    expect(isValidRuc("80.009.735-1")).toBe(true);
    expect(isValidRuc("1.000.007-0")).toBe(true);
  });

  it("accepts a base with letters", () => {
    const dv = rucCheckDigit("4451234A");
    expect(isValidRuc(`4451234A-${dv}`)).toBe(true);
    expect(isValidRuc(`4451234a${dv}`)).toBe(true);
    expect(isValidRuc(`4451234A-${(dv + 1) % 10}`)).toBe(false);
  });

  it("refuses a wrong check digit", () => {
    expect(isValidRuc("80009735-2")).toBe(false);
    expect(isValidRuc("80028061-1")).toBe(false);
    expect(isValidRuc("2660-4")).toBe(false);
    expect(isValidRuc("1000007-1")).toBe(false);
  });

  it("refuses malformed values", () => {
    for (const value of [
      "",
      "-",
      "1",
      "-1",
      "80009735-",
      "80009735-12",
      "800097351-1",
      "8000-9735-1",
      "80009735-A",
      "0-0",
      "00000000-0",
      "80009735_1",
    ]) {
      expect(isValidRuc(value)).toBe(false);
    }
    expect(isValidRuc(null as unknown as string)).toBe(false);
  });
});

describe("isValidCuit", () => {
  it("accepts valid CUITs with or without dashes", () => {
    expect(isValidCuit("33-69345023-9")).toBe(true);
    expect(isValidCuit("33693450239")).toBe(true);
    expect(isValidCuit("20-17254359-7")).toBe(true);
    expect(isValidCuit("30-50001091-2")).toBe(true);
    expect(isValidCuit(" 20 17254359 7 ")).toBe(true);
  });

  it("maps 11 to 0", () => {
    // 2×5 + 3×4 = 22, r = 0, 11 − 0 = 11 → 0.
    expect(isValidCuit("23-00000000-0")).toBe(true);
    expect(isValidCuit("23-00000000-1")).toBe(false);
  });

  it("refuses a base whose digit would be 10", () => {
    // 20-00000001: 10 + 2 = 12, r = 1 → 10, never issued.
    for (let digit = 0; digit <= 9; digit++) expect(isValidCuit(`20-00000001-${digit}`)).toBe(false);
  });

  it("refuses wrong check digits and malformed values", () => {
    expect(isValidCuit("33-69345023-8")).toBe(false);
    expect(isValidCuit("20-17254359-6")).toBe(false);
    expect(isValidCuit("2017254359")).toBe(false);
    expect(isValidCuit("201725435977")).toBe(false);
    expect(isValidCuit("20-1725435A-7")).toBe(false);
    expect(isValidCuit("00000000000")).toBe(false);
    expect(isValidCuit("")).toBe(false);
    expect(isValidCuit(undefined as unknown as string)).toBe(false);
  });
});
