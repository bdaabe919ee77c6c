/** The name cards answered on the page are said to be answered by, in every front end. */
export const WEB_PAGE = 'the web page';
