import { useId, useRef, type ChangeEvent } from 'react'
import styled from 'styled-components'
import { Button } from './Button'
import { Camera, Icon, Trash2 } from './Icon'
import { radius, space } from '../theme/theme'

const Wrap = styled.div`
  margin: ${space(3)} 0;
`

const Preview = styled.img`
  display: block;
  width: 160px;
  max-width: 100%;
  aspect-ratio: 1;
  object-fit: cover;
  margin-bottom: ${space(3)};
  border-radius: ${radius.md};
`

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${space(2)};
`

export interface PhotoPickerProps {
  /** label is the button's text and name while no photo is chosen ("Choose a photo"). */
  label: string
  /** changeLabel is the button's text once a photo shows ("Choose another photo"). */
  changeLabel: string
  /** onPick gets the file the member chose. */
  onPick: (file: File) => void
  /** preview is the chosen photo, shown above the buttons. */
  preview?: { src: string; alt: string; testId?: string } | null
  /** removeLabel and onRemove offer to take the shown photo away. */
  removeLabel?: string
  onRemove?: () => void
  accept?: string
  disabled?: boolean
  testId?: string
}

/**
 * PhotoPicker is the member app's way to choose a photo: a real button in
 * the site's look and language that opens the file dialog, the chosen
 * photo's preview and buttons to change or remove it. The browser's own
 * file input ("Choose file / No file chosen", always in the browser's
 * language) stays in the DOM, visually hidden and out of the tab order and
 * the accessibility tree, so the button is the one control to reach; tests
 * reach the input by its test id.
 */
export function PhotoPicker({ label, changeLabel, onPick, preview, removeLabel, onRemove, accept = 'image/jpeg,image/png,image/webp,image/gif', disabled, testId = 'photo-picker' }: PhotoPickerProps) {
  const input = useRef<HTMLInputElement>(null)
  const id = useId()
  const name = preview ? changeLabel : label
  const choose = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0]
    // Cleared, so choosing the same file again picks it again.
    e.target.value = ''
    if (file) onPick(file)
  }
  return (
    <Wrap data-testid={testId}>
      {preview && <Preview src={preview.src} alt={preview.alt} data-testid={preview.testId} />}
      <input
        ref={input}
        id={id}
        type="file"
        accept={accept}
        className="visually-hidden"
        tabIndex={-1}
        aria-hidden="true"
        disabled={disabled}
        onChange={choose}
        data-testid={`${testId}-input`}
      />
      <Row>
        <Button
          type="button"
          $variant={preview ? 'secondary' : 'primary'}
          disabled={disabled}
          aria-controls={id}
          onClick={() => input.current?.click()}
          data-testid={`${testId}-choose`}
        >
          <Icon icon={Camera} />
          {name}
        </Button>
        {preview && onRemove && removeLabel && (
          <Button type="button" $variant="ghost" disabled={disabled} onClick={onRemove} data-testid={`${testId}-remove`}>
            <Icon icon={Trash2} />
            {removeLabel}
          </Button>
        )}
      </Row>
    </Wrap>
  )
}
