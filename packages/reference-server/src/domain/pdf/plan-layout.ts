import { missingGlyphText, type FontSet } from './fonts/font-set.js';
import type { FontWeight } from './fonts/noto-sans.js';
import type { PdfDrawing, PdfDrawItem, PdfPage } from './pdf-document.js';
import { intakeSlots, slotHours, type PlanGrid, type PlanRow } from './plan-grid.js';
import { planLabels, type PlanLabels } from './plan-labels.js';

/**
 * Lays a plan out on A4 landscape pages: a header (patient, date of birth, range, time zone),
 * the grid (medication and instructions, then per day one sub-column per intake time), and a
 * footer (legend, when and by whom, page n of m). Rows never split across pages; the grid's
 * header repeats on each page; more than seven days continue on further pages, a week each.
 * Text is measured with the fonts the PDF embeds; characters they lack are printed as their code
 * point (`[U+738B]`) and the header of every page says so. The plan's own words and dates are in
 * the grid's language (`plan-labels.ts`).
 */

const page = { width: 842, height: 595, margin: 28 };
const columns = { medication: 160, instructions: 124 };
const daysPerPage = 7;
const headerHeight = 58;
const gridHeaderHeight = 26;
const footerHeight = 30;
const lineHeight = 8.6;
/**
 * Lines a name or an instruction may take before it is cut with "...": the row grows to fit, so
 * that what the pharmacy stored is printed whole but for names of about a hundred characters.
 */
const maxTextLines = 4;
const colors = { warning: '#a4141b', text: '#111111', muted: '#555555', rule: '#9aa5b1', strongRule: '#2d3e50', shade: '#eef2f6', head: '#dfe6ee' };

/** Greedy word wrap into at most `maxLines` lines of `width`; the last line is cut to fit. */
function wrap(fonts: FontSet, text: string, font: FontWeight, size: number, width: number, maxLines: number): string[] {
  const words = fonts.printable(text).split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let current = '';
  for (let index = 0; index < words.length; index++) {
    const candidate = current ? `${current} ${words[index]}` : words[index]!;
    if (fonts.width(candidate, font, size) <= width || !current) {
      current = candidate;
      continue;
    }
    if (lines.length === maxLines - 1) {
      current = `${current} ${words.slice(index).join(' ')}`;
      break;
    }
    lines.push(current);
    current = words[index]!;
  }
  if (current) lines.push(current);
  return lines.slice(0, maxLines).map((line, index, all) => (index === all.length - 1 ? fonts.fit(line, font, size, width) : line));
}

interface RowLayout {
  row: PlanRow;
  medicationLines: { text: string; font: FontWeight; size: number; color: string }[];
  instructionLines: { text: string; font: FontWeight; size: number; color: string }[];
  height: number;
}

function layoutRow(fonts: FontSet, row: PlanRow, labels: PlanLabels): RowLayout {
  const medicationWidth = columns.medication - 8;
  const instructionWidth = columns.instructions - 8;
  const medicationLines: RowLayout['medicationLines'] = wrap(fonts, row.medication, 'bold', 8.5, medicationWidth, maxTextLines).map((text) => ({ text, font: 'bold', size: 8.5, color: colors.text }));
  const detail = [row.strength, row.unit].filter(Boolean).join(' · ');
  if (detail) medicationLines.push({ text: fonts.fit(detail, 'regular', 7.5, medicationWidth), font: 'regular', size: 7.5, color: colors.muted });
  const instructionLines: RowLayout['instructionLines'] = wrap(fonts, row.instructions, 'regular', 7.5, instructionWidth, maxTextLines).map((text) => ({
    text,
    font: 'regular',
    size: 7.5,
    color: colors.text,
  }));
  instructionLines.push({ text: fonts.fit(labels.at(row.times.join(', ')), 'regular', 7, instructionWidth), font: 'regular', size: 7, color: colors.muted });
  const lines = Math.max(medicationLines.length, instructionLines.length, 2);
  return { row, medicationLines, instructionLines, height: lines * lineHeight + 6 };
}

class PageBuilder {
  readonly items: PdfDrawItem[] = [];

  constructor(readonly fonts: FontSet) {}

  text(x: number, y: number, text: string, font: FontWeight, size: number, color = colors.text): void {
    this.items.push({ kind: 'text', x, y, text: this.fonts.printable(text), font, size, color });
  }

  centered(x: number, width: number, y: number, text: string, font: FontWeight, size: number, color = colors.text): void {
    const clean = this.fonts.fit(text, font, size, width - 2);
    this.text(x + (width - this.fonts.width(clean, font, size)) / 2, y, clean, font, size, color);
  }

  right(xEnd: number, y: number, text: string, font: FontWeight, size: number, color = colors.text): void {
    const clean = this.fonts.printable(text);
    this.text(xEnd - this.fonts.width(clean, font, size), y, clean, font, size, color);
  }

  line(x1: number, y1: number, x2: number, y2: number, width = 0.4, color = colors.rule): void {
    this.items.push({ kind: 'line', x1, y1, x2, y2, width, color });
  }

  box(x: number, y: number, width: number, height: number, fill: string): void {
    this.items.push({ kind: 'box', x, y, width, height, fill });
  }
}

/** Every text of the plan that comes from stored data, to find the characters the fonts lack. */
function storedTexts(plan: PlanGrid): string[] {
  const texts = [plan.patient.name, plan.organization ?? '', plan.generatedBy, plan.pageUrl, plan.timeZone];
  for (const row of plan.rows) texts.push(row.medication, row.strength, row.unit, row.instructions);
  return texts;
}

/** The plan's pages, measured with `fonts`, ready for the PDF writer. */
export function layoutPlan(plan: PlanGrid, fonts: FontSet): PdfDrawing {
  const labels = planLabels(plan.language);
  const rows = plan.rows.map((row) => layoutRow(fonts, row, labels));
  const missing = fonts.missingCodePoints(storedTexts(plan));
  const dayGroups: string[][] = [];
  for (let start = 0; start < plan.days.length; start += daysPerPage) dayGroups.push(plan.days.slice(start, start + daysPerPage));

  const left = page.margin;
  const right = page.width - page.margin;
  const gridTop = page.margin + headerHeight;
  const gridBottom = page.height - page.margin - footerHeight;
  const daysLeft = left + columns.medication + columns.instructions;
  const builders: PageBuilder[] = [];

  for (const days of dayGroups) {
    const dayWidth = Math.min((right - daysLeft) / days.length, 120);
    const slotWidth = dayWidth / intakeSlots.length;
    const gridRight = daysLeft + dayWidth * days.length;
    let index = 0;
    do {
      const builder = new PageBuilder(fonts);
      builders.push(builder);
      drawHeader(builder, plan, days);
      drawGridHeader(builder, days, gridTop, gridRight, dayWidth, slotWidth);
      let y = gridTop + gridHeaderHeight;
      const top = y;
      if (rows.length === 0) {
        builder.text(left + 6, y + 8, labels.nothingBaked, 'regular', 9, colors.muted);
        y += 28;
      }
      // Whole rows only: a row that does not fit goes to the next page (at least one per page).
      while (index < rows.length && (y + rows[index]!.height <= gridBottom || y === top)) {
        const row = rows[index]!;
        if (index % 2 === 1) builder.box(left, y, gridRight - left, row.height, colors.shade);
        drawRow(builder, row, days, y, dayWidth, slotWidth);
        y += row.height;
        builder.line(left, y, gridRight, y);
        index++;
      }
      drawVerticalRules(builder, days.length, gridTop, y, gridRight, dayWidth, slotWidth);
    } while (index < rows.length);
  }

  const pages: PdfPage[] = builders.map((builder, number) => {
    drawFooter(builder, plan, number + 1, builders.length);
    return { width: page.width, height: page.height, items: builder.items };
  });
  return { pages };

  function drawHeader(builder: PageBuilder, grid: PlanGrid, days: string[]): void {
    const y = page.margin;
    builder.text(left, y, labels.title, 'bold', 16);
    if (grid.organization) builder.right(right, y + 2, fonts.fit(grid.organization, 'bold', 11, 300), 'bold', 11);
    const name = fonts.fit(grid.patient.name, 'bold', 12, 360);
    builder.text(left, y + 22, name, 'bold', 12);
    const born = grid.patient.dateOfBirth ? labels.born(grid.patient.dateOfBirth) : labels.noDateOfBirth;
    const bornX = left + fonts.width(name, 'bold', 12) + 12;
    builder.text(bornX, y + 23.5, born, 'regular', 9.5, colors.muted);
    if (missing.length > 0) {
      // What is printed must match what was stored: say which characters the fonts could not show.
      const noteLeft = bornX + fonts.width(born, 'regular', 9.5) + 16;
      const codes = missing.map((codePoint) => missingGlyphText(codePoint).slice(1, -1)).join(', ');
      builder.right(right, y + 20, fonts.fit(labels.notInFont(codes), 'bold', 7.5, right - noteLeft), 'bold', 7.5, colors.warning);
      builder.right(right, y + 29, fonts.fit(labels.storedUnchanged, 'regular', 7, right - noteLeft), 'regular', 7, colors.warning);
    }
    const first = days[0]!;
    const last = days[days.length - 1]!;
    const part = first === grid.range.from && last === grid.range.to ? '' : `  ${labels.thisPage(first, last)}`;
    builder.text(left, y + 39, `${labels.range(grid.range.from, grid.range.to)}${part}  ·  ${labels.timeZone(grid.timeZone)}`, 'regular', 9);
    builder.right(right, y + 39, labels.patientId(grid.patient.id), 'regular', 7.5, colors.muted);
  }

  function drawGridHeader(builder: PageBuilder, days: string[], y: number, gridRight: number, dayWidth: number, slotWidth: number): void {
    builder.box(left, y, gridRight - left, gridHeaderHeight, colors.head);
    builder.text(left + 4, y + 4, labels.medication, 'bold', 8.5);
    builder.text(left + 4, y + 15, labels.strengthUnit, 'regular', 7, colors.muted);
    builder.text(left + columns.medication + 4, y + 4, labels.instructions, 'bold', 8.5);
    builder.text(left + columns.medication + 4, y + 15, labels.intakeTimes, 'regular', 7, colors.muted);
    days.forEach((day, dayIndex) => {
      const x = daysLeft + dayIndex * dayWidth;
      builder.centered(x, dayWidth, y + 3, labels.dayLabel(day), 'bold', 8.5);
      intakeSlots.forEach((slot, slotIndex) => builder.centered(x + slotIndex * slotWidth, slotWidth, y + 16, labels.slotShort[slot], 'regular', 6, colors.muted));
    });
    builder.line(daysLeft, y + 14, gridRight, y + 14);
    builder.line(left, y, gridRight, y, 0.8, colors.strongRule);
    builder.line(left, y + gridHeaderHeight, gridRight, y + gridHeaderHeight, 0.8, colors.strongRule);
  }

  function drawRow(builder: PageBuilder, layout: RowLayout, days: string[], y: number, dayWidth: number, slotWidth: number): void {
    layout.medicationLines.forEach((line, lineIndex) => builder.text(left + 4, y + 3 + lineIndex * lineHeight, line.text, line.font, line.size, line.color));
    layout.instructionLines.forEach((line, lineIndex) => builder.text(left + columns.medication + 4, y + 3 + lineIndex * lineHeight, line.text, line.font, line.size, line.color));
    days.forEach((day, dayIndex) => {
      const doses = layout.row.doses.get(day);
      if (!doses) return;
      intakeSlots.forEach((slot, slotIndex) => {
        const dose = doses[slot];
        if (dose !== undefined) builder.centered(daysLeft + dayIndex * dayWidth + slotIndex * slotWidth, slotWidth, y + (layout.height - 9) / 2, dose, 'bold', 9);
      });
    });
  }

  function drawVerticalRules(builder: PageBuilder, dayCount: number, top: number, bottom: number, gridRight: number, dayWidth: number, slotWidth: number): void {
    builder.line(left, top, left, bottom, 0.8, colors.strongRule);
    builder.line(left + columns.medication, top, left + columns.medication, bottom);
    for (let day = 0; day <= dayCount; day++) {
      const x = daysLeft + day * dayWidth;
      builder.line(x, top, x, bottom, 0.8, colors.strongRule);
      if (day < dayCount) for (let slot = 1; slot < intakeSlots.length; slot++) builder.line(x + slot * slotWidth, top + 14, x + slot * slotWidth, bottom, 0.3);
    }
    builder.line(left, bottom, gridRight, bottom, 0.8, colors.strongRule);
  }

  function drawFooter(builder: PageBuilder, grid: PlanGrid, number: number, count: number): void {
    const y = page.height - page.margin - 17;
    const legend = labels.legend(intakeSlots.map((slot) => `${labels.slotShort[slot]} = ${labels.slotLong[slot]} ${slotHours[slot]}`).join(' · '));
    builder.text(left, y, fonts.fit(legend, 'regular', 6.5, right - left), 'regular', 6.5, colors.muted);
    builder.line(left, y + 9, right, y + 9, 0.4);
    builder.text(
      left,
      y + 11.5,
      fonts.fit(`${labels.generated(grid.generatedAt, grid.timeZone, grid.generatedBy)} · ${labels.server} · ${grid.pageUrl}`, 'regular', 7, right - left - 70),
      'regular',
      7,
      colors.muted,
    );
    builder.right(right, y + 11.5, labels.page(number, count), 'regular', 7, colors.muted);
  }
}
