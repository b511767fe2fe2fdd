import styled from 'styled-components'
import type { Profile } from '../../boot/types'
import { color } from '../../theme/theme'

// The size goes in the element's style, so the CSS is static and worked out
// once for the whole conversation list.
const Frame = styled.span`
  flex: none;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  border-radius: 50%;
  overflow: hidden;
  background: ${color.border};
  color: ${color.text};
  font-weight: 700;
  img {
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
`

/** Avatar is a profile's round thumbnail, or its initial without a photo. */
export function Avatar({ profile, size = 48 }: { profile: Pick<Profile, 'name' | 'main_image'>; size?: number }) {
  const src = profile.main_image?.thumb_url || profile.main_image?.url
  return (
    <Frame style={{ width: size, height: size }} aria-hidden="true">
      {src ? <img src={src} alt="" loading="lazy" /> : profile.name.slice(0, 1).toUpperCase()}
    </Frame>
  )
}
