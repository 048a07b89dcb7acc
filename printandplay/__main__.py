from printandplay.cli import main

main()
