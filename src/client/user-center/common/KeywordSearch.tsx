/**
 * The 编码或名称 search of a user-center list (角色管理, 平台管理): the keyword is sent trimmed when
 * the form is submitted (Enter in the field or 查询), never while it is typed.
 */
import { useState, type FormEvent } from 'react';

export function KeywordSearch({ label, onSearch }: { label: string; onSearch: (keyword: string) => void }) {
  const [keyword, setKeyword] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(keyword.trim());
  };
  return (
    <form className="rights-filter" aria-label={label} onSubmit={submit}>
      <label>
        <span>编码或名称</span>
        <input aria-label="编码或名称" value={keyword} maxLength={50} onChange={(e) => setKeyword(e.target.value)} />
      </label>
      <button type="submit" className="btn">
        查询
      </button>
    </form>
  );
}
