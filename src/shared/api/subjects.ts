/**
 * Shapes of the subject and opening-balance calls (spec doc 1 sections 3 and 7, base /account),
 * taken from their schemas (src/shared/api/schemas/subjects.ts and openings.ts). Amounts travel in
 * yuan; the server and the opening-balance page hold the same shapes in fen and convert at the
 * edge (src/shared/subjects/opening-amounts.ts). Paths are in paths.ts.
 */
import type { ValidationIssue } from '../envelope.js';

export type {
  AuxiTypeRef,
  ChildCodeResponse,
  SaveSubjectRequest,
  StandSubject,
  StandSubjectResponse,
  SubjectElectQuery,
  SubjectEnableRequest,
  SubjectExtensionsQuery,
  SubjectExtensionsResponse,
  SubjectItem,
  TakeStandSubjectsRequest,
} from './schemas/subjects.js';
export type {
  BranchSaveRequest,
  BranchSaveResponse,
  OpeningDetail,
  OpeningRow,
  SubjectSettingResponse,
  TrialResult,
  TrialSide,
} from './schemas/openings.js';

/** 4003 data of branchSave and import: each bad row, with row and field. */
export type OpeningIssues = ValidationIssue[];
