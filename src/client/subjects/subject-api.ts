/** The subject calls the subject page and dialogs make (shapes in shared/api/subjects.ts). */
import { Paths } from '../../shared/api/paths.js';
import type {
  ChildCodeResponse,
  SaveSubjectRequest,
  StandSubjectResponse,
  SubjectEnableRequest,
  SubjectExtensionsResponse,
  SubjectItem,
} from '../../shared/api/subjects.js';
import { codeRulesFor, type SubjectCodeRules } from '../../shared/subjects/subject-code.js';
import { api } from '../shell/request.js';

export async function fetchSubjects(): Promise<SubjectItem[]> {
  const data = await api.get<SubjectExtensionsResponse>(Paths.subjectExtensions, { isTree: 'false' });
  return data.subList;
}

export async function fetchCodeRules(): Promise<SubjectCodeRules> {
  const data = await api.get<StandSubjectResponse>(Paths.standSubject);
  return codeRulesFor({ id: data.chartId, codeLengths: data.codeLengths });
}

export function fetchChildCode(parentCode: string | null): Promise<ChildCodeResponse> {
  return api.get<ChildCodeResponse>(Paths.subjectChildCode, parentCode ? { parentCode } : {});
}

export function saveSubject(body: SaveSubjectRequest): Promise<SubjectItem | null> {
  return api.post<SubjectItem | null>(Paths.subjectList, body);
}

export function setSubjectEnable(body: SubjectEnableRequest): Promise<null> {
  return api.post<null>(Paths.subjectEnable, body);
}

export function deleteSubject(code: string): Promise<null> {
  return api.delete<null>(Paths.subjectList, { code });
}

/** Enabled subjects for a picker, filtered on the server by code, name or pinyin initials. */
export function electSubjects(keyword: string): Promise<SubjectItem[]> {
  return api.get<SubjectItem[]>(Paths.subjectElect, { keyword, includeParents: 'true' });
}
