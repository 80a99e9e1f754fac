import type { Command } from 'commander';
import { settableKeys } from '../config/profile.js';

/** Registers one module's commands (a noun and its subcommands) on the program. */
export type Register = (program: Command) => void;

/**
 * One top-level command as `medsched --help` lists it, and where its definition lives. The
 * definitions load only for the command that runs, so that `--help` and a data command compile
 * a small part of the CLI; a test checks that these lines match the loaded definitions.
 */
export interface CommandEntry {
  /** The word typed after `medsched`. */
  name: string;
  /** How the top-level help lists it: the name, `[options]` and its arguments. */
  term: string;
  /** The top-level help's phrase for it (lower case, no full stop). */
  summary: string;
  /** Hidden from help and completion (`__complete`). */
  hidden?: boolean;
  /** Loads the module that defines it (and maybe a sibling: bake and unbake share one). */
  load: () => Promise<Register>;
}

const bake = () => import('./bake/bake.js').then((module) => module.registerBakeCommands);
const completion = () => import('./completion/completion.js').then((module) => module.registerCompletionCommand);

/** Every top-level command, in the order of `medsched --help`. */
export const commandIndex: readonly CommandEntry[] = [
  { name: 'login', term: 'login [options]', summary: 'save a verified credential in a profile', load: () => import('./login/login.js').then((module) => module.registerLoginCommand) },
  { name: 'logout', term: 'logout', summary: 'remove the credential from a profile', load: () => import('./logout/logout.js').then((module) => module.registerLogoutCommand) },
  {
    name: 'whoami',
    term: 'whoami [options]',
    summary: "show the credential's organization and role, and the server in use",
    load: () => import('./whoami/whoami.js').then((module) => module.registerWhoamiCommand),
  },
  { name: 'profiles', term: 'profiles', summary: 'named sets of base URL, credential and defaults', load: () => import('./profiles/profiles.js').then((module) => module.registerProfilesCommands) },
  {
    name: 'config',
    term: 'config',
    summary: `settings of the active profile (${Object.keys(settableKeys).join(', ')}, fields.<command>)`,
    load: () => import('./config/config.js').then((module) => module.registerConfigCommands),
  },
  {
    name: 'patients',
    term: 'patients',
    summary: 'the patients of your organization (users of role patient and onlyself)',
    load: () => import('./patients/patients.js').then((module) => module.registerPatientsCommands),
  },
  { name: 'bake', term: 'bake [options]', summary: 'bake (finalize) calendar entries over a date range', load: bake },
  { name: 'unbake', term: 'unbake [options]', summary: "revert a patient's (or every patient's) baked range to drafts", load: bake },
  { name: 'plan', term: 'plan [options]', summary: "save a patient's blister plan as a PDF", load: () => import('./plan/plan.js').then((module) => module.registerPlanCommand) },
  { name: 'device', term: 'device', summary: 'pill-dispensing devices: update them and read their events', load: () => import('./device/device.js').then((module) => module.registerDeviceCommands) },
  { name: 'calendar', term: 'calendar', summary: "patients' calendar entries (drafts until baked)", load: () => import('./calendar/calendar.js').then((module) => module.registerCalendarCommands) },
  { name: 'medication', term: 'medication', summary: 'medications of an organization', load: () => import('./medication/medication.js').then((module) => module.registerMedicationCommands) },
  { name: 'user', term: 'user', summary: 'users of an organization: staff and patients', load: () => import('./user/user.js').then((module) => module.registerUserCommands) },
  { name: 'org', term: 'org', summary: 'your organization (the tenant every record belongs to)', load: () => import('./org/org.js').then((module) => module.registerOrgCommands) },
  { name: 'account', term: 'account', summary: 'accounts: the identity-provider side of users', load: () => import('./account/account.js').then((module) => module.registerAccountCommands) },
  { name: 'pdf', term: 'pdf', summary: 'signed links to PDFs of pages on the app or web URL', load: () => import('./pdf/pdf.js').then((module) => module.registerPdfCommands) },
  { name: 'completion', term: 'completion <shell>', summary: 'print a shell completion script for bash, zsh or fish', load: completion },
  { name: '__complete', term: '__complete <kind> [typed]', summary: 'names the CLI knows from local files', hidden: true, load: completion },
  {
    name: 'conformance',
    term: 'conformance [options]',
    summary: 'check that a deployment behaves like the reference server (drift guard)',
    load: () => import('./conformance/conformance.js').then((module) => module.registerConformanceCommand),
  },
];
