"""Setting text: typography (the language's spaces and quotes), inline markup, tokens measured in
em, hyphenation, line breaking and fitting a box, and the block markup of documents."""
