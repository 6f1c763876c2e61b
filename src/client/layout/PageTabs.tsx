/** The tabs across the top of a page (asset classes, document kinds): one tablist, the chosen tab marked. */
import './page-tabs.css';

export function PageTabs<K extends number | string>({
  label,
  tabs,
  value,
  onChange,
}: {
  label: string;
  tabs: readonly { value: K; name: string }[];
  value: K;
  onChange: (value: K) => void;
}) {
  return (
    <div className="page-tabs" role="tablist" aria-label={label}>
      {tabs.map((t) => (
        <button
          type="button"
          key={t.value}
          role="tab"
          aria-selected={value === t.value}
          className={value === t.value ? 'page-tab active' : 'page-tab'}
          onClick={() => onChange(t.value)}
        >
          {t.name}
        </button>
      ))}
    </div>
  );
}
