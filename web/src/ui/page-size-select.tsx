import { ar } from "../i18n/ar-EG";
import { formatNumber } from "../lib/format";
import { pageSizeOptions, usePageSize, type PageSizeStore } from "../lib/page-size";
import { Select } from "./select";

const options = pageSizeOptions.map((size) => ({ value: String(size), label: formatNumber(size) }));

/** Picks how many rows a paged list shows; the choice is saved for every list (docs/product.md §9). */
export function PageSizeSelect({
  onChange,
  store,
}: {
  onChange?: (size: number) => void;
  store?: PageSizeStore;
}) {
  const [size, setSize] = usePageSize(store);
  return (
    <Select
      label={ar.paging.pageSize}
      options={options}
      value={String(size)}
      onChange={(event) => {
        const next = Number(event.target.value);
        setSize(next);
        onChange?.(next);
      }}
      className="w-40"
    />
  );
}
