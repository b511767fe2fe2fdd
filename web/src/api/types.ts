// The API's types, named once. They are generated from the engine's OpenAPI
// description into schema.d.ts (`npm run api-types`; `npm run api-types:check`
// fails when that file is stale); change engine/server/openapi.yaml, not these.
import type { components, paths } from './schema'

type Schemas = components['schemas']

export type Settings = Schemas['Settings']
export type MessageCost = Schemas['MessageCost']
export type Company = Schemas['Company']
export type Image = Schemas['Image']
/** Profile is a profile as user.php and the chats carry it. */
export type Profile = Schemas['Profile']
/** User is the logged-in member of user.php. */
export type User = Schemas['User']
export type Interest = Schemas['Interest']
export type Regions = Schemas['Regions']
export type Region = Regions['regions'][number]
export type Place = Schemas['Place']

export type OwnPhoto = Schemas['Photo']
/** OwnProfile is the member's profile of profile.php, every field. */
export type OwnProfile = Schemas['OwnProfile']
export type ProfileUpdate = Schemas['ProfileUpdate']
export type ProfileAnswer = Schemas['ProfileAnswer']
export type PhotosAnswer = Schemas['PhotosAnswer']

export type SignupBody = Schemas['Signup']
export type AccountChange = Schemas['AccountChange']
export type NotificationSettings = Schemas['NotificationSettings']
/** ServerAlert is an alert whose dismissal the server stores (alerts.php). */
export type ServerAlert = Schemas['Alert']
export type AccountDeletion = paths['/api/account.php']['delete']['responses'][202]['content']['application/json']
export type ConsentState = Schemas['ConsentState']
export type MailChange = paths['/api/mail-change.php']['post']['responses'][200]['content']['application/json']
/** DataExport is a copy of the member's data (data-export.php). */
export type DataExport = Schemas['DataExport']
export type DataExportAnswer = paths['/api/data-export.php']['get']['responses'][200]['content']['application/json']

export type Card = Schemas['Card']
export type SearchFilters = Schemas['SearchFilters']
export type SearchResult = Schemas['SearchResult']
export type LikeEntry = Schemas['LikeEntry']
export type LikeLists = Schemas['LikeLists']
export type LikeListType = LikeLists['type']
export type LikeResult = Schemas['LikeResult']
export type SwipeDeck = Schemas['SwipeDeck']
export type AutoLike = Schemas['AutoLike']
/** MemberProfile is another member's profile as member.php shows it to the viewer. */
export type MemberProfile = Schemas['MemberProfile']
/** MemberView is member.php's answer. */
export type MemberView = paths['/api/member.php']['get']['responses'][200]['content']['application/json']
/** ProfileNote is the member's private note on another profile (visible_profile_notes). */
export type ProfileNote = Schemas['ProfileNote']
/** NoteAnswer is note.php's answer: the note, or null when the member keeps none. */
export type NoteAnswer = paths['/api/note.php']['put']['responses'][200]['content']['application/json']

export type Gift = Schemas['Gift']
/** ChatMessage is one message as messages.php and the live stream carry it. */
export type ChatMessage = Schemas['Message']
/** ChatEntry is one conversation of chats.php (and chat.php). */
export type ChatEntry = Schemas['Chat']
/** Thread is messages.php: a conversation's visible messages, oldest first. */
export type Thread = Schemas['Thread']
/** Sent is the answer of POST messages.php. */
export type Sent = Schemas['Sent']

export type Complaint = Schemas['Complaint']
export type ComplaintInput = Schemas['ComplaintInput']

/** Packages is packages.php: the credit packages, currency and methods of one payment country. */
export type Packages = Schemas['Packages']
export type CreditPackage = Packages['packages'][number]
export type PaymentMethodName = Schemas['PaymentMethod']
/** Checkout is the answer of POST orders.php: the order, its payment and where to pay. */
export type Checkout = Schemas['Checkout']
/** DirectDebitCodeSent is the answer of a direct debit's start (POST directdebit.php): the code is texted. */
export type DirectDebitCodeSent = Schemas['DirectDebitCodeSent']
/** OrderState is orders.php?id=: one payment and its order's state. */
export type OrderState = Schemas['OrderState']
/** StoredCard is repeatorder.php: the card kept for repeat orders, or null. */
export type StoredCard = Schemas['StoredCard']
export type Transaction = Schemas['Transaction']
/** DiscountCode is discountcode.php: a code and its conditions for the member. */
export type DiscountCode = Schemas['DiscountCode']
/** OtherBrands is brands.php: the company's other brands (member_resell). */
export type OtherBrands = Schemas['OtherBrands']
/** RetentionOffer is retention.php: the offer to stay of the deletion screen. */
export type RetentionOffer = Schemas['RetentionOffer']
/** LedgerEntry is one change of the member's credit balance (transactions.php's ledger). */
export type LedgerEntry = Schemas['LedgerEntry']
