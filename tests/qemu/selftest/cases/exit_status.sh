# CMD's exit status comes back as run.sh's exit status
echo "failing on purpose"
exit 3
