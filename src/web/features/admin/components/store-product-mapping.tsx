import { useState } from 'react';
import { SIZE_CLASSES, type SizeClass } from '@shared/domain';
import type { ProductMappingRequest, StoreProductView } from '@shared/schemas/store-mirror';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Alert, EmptyState, Spinner } from '@web/components/ui/feedback';
import { Select } from '@web/components/ui/input';
import { errorMessage } from '@web/lib/api';
import { toast } from '@web/lib/toast';
import { Pager } from './pager';
import { SHOPIFY_PAGE_SIZE, useMappingChoices, useSaveProductMapping, useStoreProducts } from '../shopify-api';

/**
 * The Products tab of /admin/shopify (docs/decisions/044): what each store product sells — a service or an add-on —
 * and the vehicle size, for the whole product or per variant ("SUV"). An order's lines book through this; a product
 * that sells nothing we book is listed on its orders as not booked.
 */

const SIZE_WORDS: Record<SizeClass, string> = { sedan: 'Sedan', suv: 'SUV', oversize: 'Oversize' };
const DEFAULT_VARIANT = 'Default Title';

interface Choices {
  services: { id: string; name: string }[];
  addOns: { id: string; name: string }[];
}

export function StoreProductsTab() {
  const [page, setPage] = useState(1);
  const products = useStoreProducts(page);
  const choices = useMappingChoices();
  if (products.isLoading || choices.isLoading) return <Spinner />;
  if (products.error || choices.error) return <Alert tone="error" title="Failed to load products">{errorMessage(products.error ?? choices.error, 'Please refresh the page')}</Alert>;
  if (!products.data || products.data.items.length === 0) return <EmptyState title="No store products found. Start a sync to import products." />;
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-slate-500">
        Each product books a service or an add-on. An order of mapped products becomes one booking with all of them; other lines are listed on the order as not booked.
      </p>
      <ul aria-label="Store products" className="flex flex-col gap-2">
        {products.data.items.map((product) => (
          // Keyed by what is saved, so a saved change resets the row's draft.
          <ProductRow key={`${product.shopifyProductId}:${JSON.stringify(product.mapping)}`} product={product} choices={choices.data!} />
        ))}
      </ul>
      <Pager page={page} pages={Math.max(1, Math.ceil(products.data.total / SHOPIFY_PAGE_SIZE))} onPage={setPage} />
    </div>
  );
}

function ProductRow({ product, choices }: { product: StoreProductView; choices: Choices }) {
  const save = useSaveProductMapping();
  const [item, setItem] = useState(product.mapping ? `${product.mapping.kind}:${product.mapping.itemId}` : '');
  const [size, setSize] = useState<string>(product.mapping?.sizeClass ?? '');
  const [variantSizes, setVariantSizes] = useState<Record<string, SizeClass>>(product.mapping?.variantSizes ?? {});
  const variants = product.variants.filter((v) => v.title !== DEFAULT_VARIANT);
  const title = product.title;

  const submit = () => {
    const [kind, itemId] = item.split(':') as [ProductMappingRequest['kind'], string];
    const mapping: ProductMappingRequest | null = item ? { kind, itemId, sizeClass: (size || null) as SizeClass | null, variantSizes } : null;
    save.mutate(
      { productId: product.shopifyProductId, mapping },
      {
        onSuccess: () => toast.success('Mapping saved', { description: mapping ? `${title} books ${labelOf(choices, item)}.` : `${title} books nothing.` }),
        onError: (error) => toast.error('Error saving the mapping', { description: errorMessage(error, 'Please try again.') }),
      },
    );
  };

  return (
    <li>
      <Card aria-label={`Product ${title}`} className="flex flex-col gap-3 p-3 text-sm lg:flex-row lg:items-end">
        <div className="min-w-0 lg:w-64">
          <p className="font-medium [overflow-wrap:anywhere]">{title}</p>
          {product.mapping ? <Badge tone="green">Books {product.mapping.itemName}</Badge> : <Badge tone="gray">Not booked</Badge>}
        </div>
        <label className="flex min-w-0 flex-1 flex-col gap-1">
          <span className="text-xs text-slate-500">Books</span>
          <Select aria-label={`What ${title} books`} value={item} onChange={(e) => setItem(e.target.value)}>
            <option value="">Nothing (not booked)</option>
            <optgroup label="Services">
              {choices.services.map((s) => (
                <option key={s.id} value={`service:${s.id}`}>
                  {s.name}
                </option>
              ))}
            </optgroup>
            <optgroup label="Add-ons">
              {choices.addOns.map((a) => (
                <option key={a.id} value={`add_on:${a.id}`}>
                  {a.name}
                </option>
              ))}
            </optgroup>
          </Select>
        </label>
        <label className="flex flex-col gap-1 lg:w-44">
          <span className="text-xs text-slate-500">Vehicle size</span>
          <Select aria-label={`Vehicle size for ${title}`} value={size} disabled={!item} onChange={(e) => setSize(e.target.value)}>
            <option value="">Sedan (default)</option>
            {SIZE_CLASSES.map((s) => (
              <option key={s} value={s}>
                {SIZE_WORDS[s]}
              </option>
            ))}
          </Select>
        </label>
        {variants.length > 0 && (
          <fieldset className="flex flex-wrap gap-2" disabled={!item}>
            <legend className="text-xs text-slate-500">Size per variant</legend>
            {variants.map((variant) => (
              <Select
                key={variant.title}
                aria-label={`Size for the ${variant.title} variant of ${title}`}
                className="w-36"
                value={variantSizes[variant.title] ?? ''}
                onChange={(e) =>
                  setVariantSizes(({ [variant.title]: _dropped, ...rest }) => (e.target.value ? { ...rest, [variant.title]: e.target.value as SizeClass } : rest))
                }
              >
                <option value="">{variant.title}: as above</option>
                {SIZE_CLASSES.map((s) => (
                  <option key={s} value={s}>
                    {variant.title}: {SIZE_WORDS[s]}
                  </option>
                ))}
              </Select>
            ))}
          </fieldset>
        )}
        <Button size="sm" onClick={submit} disabled={save.isPending} aria-label={`Save mapping for ${title}`}>
          Save
        </Button>
      </Card>
    </li>
  );
}

function labelOf(choices: Choices, item: string): string {
  const [kind, id] = item.split(':');
  const list = kind === 'service' ? choices.services : choices.addOns;
  return list.find((c) => c.id === id)?.name ?? 'it';
}
