import { jsPDF } from 'jspdf';
import { beforeAll, describe, expect, it } from 'vitest';
import { readReportFont } from '../../../test/report-font.ts';
import { REPORT_FONT, embedReportFont, loadReportFont, type ReportFontFiles } from './report-font.ts';
import type { Drawable } from './report-text.ts';

let files: ReportFontFiles;
let drawable: Drawable;
let doc: jsPDF;
beforeAll(async () => {
  files = await readReportFont();
  doc = new jsPDF();
  drawable = embedReportFont(doc, files);
});

const allDrawable = (text: string) => [...text].every((char) => drawable(char.codePointAt(0)!));

describe('the report font', () => {
  it('draws Latin with its Polish, French and Spanish letters, Greek, Cyrillic, €, dashes and curly quotes in every face', () => {
    expect(allDrawable('Zażółć gęślą jaźń ĄĘŁŃŚŹŻ àâçéèêëîïôûùüÿœæ ñáíóú¿¡')).toBe(true);
    expect(allDrawable('Ελληνικά ΑΒΓΔ άέήίόύώ Русский ЁЖЩЪЫЭЮЯ ёжщ Українська ҐЄІЇ')).toBe(true);
    expect(allDrawable('€ £ ¥ ₽ — – ‘ ’ “ ” „ « » … • § ¶ № ≤ ≥ ± × ✓ ☐ \uFFFD')).toBe(true);
    expect(doc.getFontList()[REPORT_FONT]).toEqual(['normal', 'bold', 'italic']);
  });

  it('reports what no face or not every face draws: Chinese, Devanagari, emoji, and Arabic, which the italic face lacks', () => {
    for (const char of ['東', 'क', '👍', '😀', 'ب']) expect(drawable(char.codePointAt(0)!), char).toBe(false);
  });

  it('refuses a file that is not TrueType, such as a page served in its place', async () => {
    const page = new TextEncoder().encode('<!doctype html><title>CivicWatch</title>');
    await expect(loadReportFont(async () => page)).rejects.toThrow(/is not a TrueType file/);
  });
});
