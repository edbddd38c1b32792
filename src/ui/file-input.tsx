// File input (spec 000 §5, spec 002 §5, §9) validated by lib/files: a required input with nothing
// chosen is invalid; `imagesOnly` accepts gif, jpeg and png only; `maxSizeMb` caps the size. Errors
// show under the field and are set as the input's custom validity, so a form submit is blocked too.
import { Input, List } from '@mantine/core';
import { useMergedRef } from '@mantine/hooks';
import { type ChangeEvent, type Ref, useId, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type FileInputError,
  type FileInputValidity,
  fileSizeMb,
  IMAGE_ACCEPT,
  validateFileInput,
} from '../lib/files';

export interface FileInputProps {
  label: string;
  name?: string;
  description?: string;
  required?: boolean;
  multiple?: boolean;
  disabled?: boolean;
  /** Accept gif, jpeg and png images only. */
  imagesOnly?: boolean;
  /** Largest accepted file, in MB. */
  maxSizeMb?: number;
  /** `accept` attribute; for `imagesOnly` it defaults to the image types. */
  accept?: string;
  onChange?: (files: File[], validity: FileInputValidity) => void;
  ref?: Ref<HTMLInputElement>;
}

export function FileInput({
  label,
  name,
  description,
  required = false,
  multiple = false,
  disabled = false,
  imagesOnly = false,
  maxSizeMb,
  accept,
  onChange,
  ref,
}: FileInputProps) {
  const { t } = useTranslation();
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const mergedRef = useMergedRef(inputRef, ref);
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<FileInputError | null>(null);

  const message = (code: FileInputError | null): string | null => {
    if (code === 'required') return t('ui.fileInput.required');
    if (code === 'notImage') return t('ui.fileInput.notImage');
    if (code === 'tooLarge') return t('ui.fileInput.tooLarge', { max: maxSizeMb });
    return null;
  };

  // The browser's own check covers 'required'; the type and size rules are custom validity.
  useLayoutEffect(() => {
    const input = inputRef.current;
    if (!input) return;
    const validity = validateFileInput(input, { imagesOnly, maxSizeMb });
    input.setCustomValidity(
      validity.error && validity.error !== 'required' ? (message(validity.error) ?? '') : '',
    );
  });

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const validity = validateFileInput(input, { imagesOnly, maxSizeMb });
    const chosen = Array.from(input.files ?? []);
    setFiles(chosen);
    setError(validity.error);
    onChange?.(chosen, validity);
  };

  const errorText = message(error);
  return (
    <Input.Wrapper
      id={id}
      label={label}
      description={description}
      required={required}
      error={errorText}
      data-invalid={errorText ? true : undefined}
    >
      <Input
        id={id}
        ref={mergedRef}
        component="input"
        type="file"
        name={name}
        required={required}
        multiple={multiple}
        disabled={disabled}
        accept={accept ?? (imagesOnly ? IMAGE_ACCEPT : undefined)}
        error={Boolean(errorText)}
        aria-invalid={errorText ? true : undefined}
        onChange={handleChange}
        onInvalid={(event) =>
          setError(validateFileInput(event.currentTarget, { imagesOnly, maxSizeMb }).error)
        }
        pt={6}
      />
      {files.length > 0 && (
        <List size="xs" mt={4} listStyleType="none">
          {files.map((file) => (
            <List.Item key={`${file.name}-${file.size}`}>
              {t('ui.fileInput.selected', { name: file.name, size: fileSizeMb(file).toFixed(2) })}
            </List.Item>
          ))}
        </List>
      )}
    </Input.Wrapper>
  );
}
