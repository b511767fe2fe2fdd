import styled from 'styled-components'
import type { Profile } from '../../boot/types'

const Frame = styled.span<{ $size: number }>`
  flex: none;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: ${(p) => p.$size}px;
  height: ${(p) => p.$size}px;
  border-radius: 50%;
  overflow: hidden;
  background: ${(p) => p.theme.colors.border};
  color: ${(p) => p.theme.colors.text};
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
    <Frame $size={size} aria-hidden="true">
      {src ? <img src={src} alt="" loading="lazy" /> : profile.name.slice(0, 1).toUpperCase()}
    </Frame>
  )
}
