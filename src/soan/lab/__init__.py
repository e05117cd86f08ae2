"""The playtesting lab: play many games with bots and summarise them."""
