export { PROFILE_BANNER_DISMISSED_KEY, ProfileBanner, type ProfileBannerProps } from './profile-banner';
