import { describe, expect, it } from 'vitest';
import { SUBJECT_PAGE_PATH, subjectPageRights } from './subject-rights.js';

const route = (path: string, resourceList: string[]) => ({ path, name: path, title: path, resourceList });

describe('subjectPageRights', () => {
  it("reads the subject page's rights from the routes, or else the menu resources", () => {
    expect(subjectPageRights([route(SUBJECT_PAGE_PATH, ['added', 'edit'])], null)).toEqual(['added', 'edit']);
    expect(subjectPageRights(null, [{ href: SUBJECT_PAGE_PATH, titleName: '会计科目', resourceList: ['edit'] }])).toEqual([
      'edit',
    ]);
  });

  it('grants nothing when the user does not have the page, whatever the global list holds', () => {
    const global = route('/user-center/global-btn-permission', ['added']);
    expect(subjectPageRights([global], null)).toEqual([]);
    expect(subjectPageRights(null, null)).toEqual([]);
  });
});
