"""Is this request a crawler's (a search engine, a link preview, a script)? Their fetches of a
story or video are not views. The list of agents is crawlerdetect's (MIT, from JayBizzle's
Crawler-Detect), not ours."""
from functools import lru_cache

from crawlerdetect import CrawlerDetect

_detector = CrawlerDetect()


@lru_cache(maxsize=2048)
def is_crawler(user_agent):
    """True for a known crawler's or script's user agent."""
    if not user_agent:
        return False  # test clients and some privacy tools send none; counted as before
    return bool(_detector.isCrawler(user_agent))
