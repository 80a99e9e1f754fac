import type { PdfDocument } from './pdf-document.js';
import { buildPlanGrid, type PlanGridInput } from './plan-grid.js';
import { layoutPlan } from './plan-layout.js';

/** The PDF of a patient's plan page: the grid laid out on A4 landscape pages. */
export function planDocument(input: PlanGridInput): PdfDocument {
  const grid = buildPlanGrid(input);
  return {
    title: `Medication plan: ${grid.patient.name}, ${grid.range.from} to ${grid.range.to}`,
    pageUrl: input.pageUrl,
    generatedAt: input.now.toISOString(),
    sections: [],
    drawing: layoutPlan(grid),
  };
}
