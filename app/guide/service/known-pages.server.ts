import type { PageSource } from "../load/read-page-sources.server";
import type { RenderJob } from "../render/render-page.server";
import type { AskedLink } from "../render/resolve-url.server";

/**
 * What a load of the folder found of its pages, kept for the next load
 * under `themed-guide dev`, which loads the folder again on every change:
 * each render's findings by key, and each page's key with what made it.
 * The next load's completion takes a page from here when nothing it
 * depends on changed (page-rendering.server.ts, `complete`): its file
 * neither read nor hashed, its entry not read back from the disk cache.
 */

/** What a load found of a page (page-rendering.server.ts, RenderFindings), without its sections: those are in the search store under the same key. */
export type KnownFindings = { description: string; brokenHrefs: string[]; problem: string | null; links: AskedLink[] };

/** A page's key, and what it was made from besides the Markdown: the page's file as listed, and the job's other fields. */
type KnownJob = { key: string; size: number; mtimeMs: number; fields: string; withCards: boolean };

export type KnownPages = {
  /** By key. */
  findings: ReadonlyMap<string, KnownFindings>;
  /** By the page's path. */
  jobs: ReadonlyMap<string, KnownJob>;
};

/** Notes what a load finds, as it finds it. */
export function createKnownPages() {
  const findings = new Map<string, KnownFindings>();
  const jobs = new Map<string, KnownJob>();
  return {
    job(source: PageSource, job: RenderJob, key: string) {
      // A page that includes another is made from more than its own file.
      if (!source.selfContained) return;
      const { size, mtimeMs } = source.entry;
      jobs.set(job.relativePath, { key, size, mtimeMs, fields: fieldsOf(job), withCards: job.categoryCards !== undefined });
    },
    findings(key: string, found: Omit<KnownFindings, "links">, links: AskedLink[]) {
      findings.set(key, { description: found.description, brokenHrefs: found.brokenHrefs, problem: found.problem, links });
    },
    /** A page taken unchanged: its job as the last load noted it (`jobAsBefore`). */
    sameJob(relativePath: string, job: KnownJob) {
      jobs.set(relativePath, job);
    },
    known: (): KnownPages => ({ findings, jobs }),
  };
}

/**
 * The page's job (and so its key) as the last load made it, when it would
 * be the same now: the same self-contained file, of the same size and
 * time, and the same other fields (`jobNow` makes them, with the folder's
 * cards when the page asked for them last time). Null when it must be made
 * from the file.
 */
export function jobAsBefore(known: KnownPages, source: PageSource, jobNow: (withCards: boolean) => Omit<RenderJob, "markdown">): KnownJob | null {
  const last = known.jobs.get(source.entry.relativePath);
  if (!last || !source.selfContained || last.size !== source.entry.size || last.mtimeMs !== source.entry.mtimeMs) return null;
  return fieldsOf(jobNow(last.withCards)) === last.fields ? last : null;
}

function fieldsOf(job: Omit<RenderJob, "markdown"> & { markdown?: string }): string {
  const { markdown: _, ...fields } = job;
  return JSON.stringify(fields);
}
