# negative: a hung guest is killed by the timeout (124)
sleep 1000
