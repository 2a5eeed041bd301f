// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: a check and an access of one value at a run-time offset
 * check-description: The shape of 6.1 arm64's fallback __put_user(): the check and the store go through one value, here 'q' = buf + len, whose offset from 'buf' is known only at run time. The check covers exactly the byte stored, so the store is proven at every level; a four-byte store through the same value checked for one byte is a range error, whatever the offset. A loop that moves the pointer past the one element checked shares no value with the check (the loop's PHI is not its first value): unproven at level 2.
 * check-level: 2
 *
 * check-output-start
range_same_value.c:45:9: warning: unsafe_put_user() accesses bytes 0..3 of 'q', beyond the 1 bytes checked [-Wuaccess-range]
range_same_value.c:42:14: note: checked here
range_same_value.c:62:17: warning: unsafe_put_user() on 'uarr' is not proven to stay within the checked range [-Wuaccess-unproven]
range_same_value.c:59:14: note: checked here
 * check-output-end
 */

#include <linux/errno.h>
#include <linux/module.h>
#include <linux/types.h>
#include <linux/uaccess.h>

int put_terminator(char __user *buf, size_t len);
int put_terminator(char __user *buf, size_t len)
{
	char __user *q = buf + len;

	if (!access_ok(q, 1))
		return -EFAULT;
	__uaccess_begin();
	unsafe_put_user('\0', q, efault);
	user_access_end();
	return 0;
efault:
	user_access_end();
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(put_terminator);

int put_word_at(char __user *buf, size_t len);
int put_word_at(char __user *buf, size_t len)
{
	u32 __user *q = (u32 __user *)(buf + len);

	if (!access_ok(q, 1))
		return -EFAULT;
	__uaccess_begin();
	unsafe_put_user(0, q, efault);
	user_access_end();
	return 0;
efault:
	user_access_end();
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(put_word_at);

int put_words(u32 __user *uarr, int n);
int put_words(u32 __user *uarr, int n)
{
	int i;

	if (!user_write_access_begin(uarr, sizeof(*uarr)))
		return -EFAULT;
	for (i = 0; i < n; i++) {
		unsafe_put_user(0, uarr, efault);
		uarr++;
	}
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(put_words);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check testcase: a check and an access of one value at a run-time offset");
