import type { FontSet } from './fonts/font-set.js';
import type { PdfDocument } from './pdf-document.js';
import type { PlanGrid } from './plan-grid.js';
import { layoutPlan } from './plan-layout.js';

/** The PDF of a patient's plan page: the grid laid out on A4 landscape pages. */
export function planDocument(grid: PlanGrid, fonts: FontSet, generatedAt: Date): PdfDocument {
  return {
    title: `Medication plan: ${grid.patient.name}, ${grid.range.from} to ${grid.range.to}`,
    pageUrl: grid.pageUrl,
    generatedAt: generatedAt.toISOString(),
    drawing: layoutPlan(grid, fonts),
  };
}
