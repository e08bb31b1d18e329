package org.mpsdn.core.categorize;

/**
 * Stable merge sort of int indices with a primitive comparator (no boxing).
 */
final class IntSort {

    /** Compares two int indices. */
    interface IntComparator {
        /**
         * Compares two indices.
         *
         * @param a first
         * @param b second
         * @return negative, zero or positive as a sorts before, with or after b
         */
        int compare(int a, int b);
    }

    private static final int INSERTION_THRESHOLD = 24;

    private IntSort() {
    }

    /**
     * Sorts a[from, to) in place.
     *
     * @param a    the array
     * @param from inclusive start
     * @param to   exclusive end
     * @param cmp  the order
     */
    static void sort(int[] a, int from, int to, IntComparator cmp) {
        if (to - from < 2) {
            return;
        }
        int[] buf = new int[to - from];
        mergeSort(a, from, to, buf, cmp);
    }

    private static void mergeSort(int[] a, int from, int to, int[] buf, IntComparator cmp) {
        if (to - from <= INSERTION_THRESHOLD) {
            for (int i = from + 1; i < to; i++) {
                int x = a[i];
                int j = i - 1;
                while (j >= from && cmp.compare(a[j], x) > 0) {
                    a[j + 1] = a[j];
                    j--;
                }
                a[j + 1] = x;
            }
            return;
        }
        int mid = (from + to) >>> 1;
        mergeSort(a, from, mid, buf, cmp);
        mergeSort(a, mid, to, buf, cmp);
        if (cmp.compare(a[mid - 1], a[mid]) <= 0) {
            return;
        }
        int n = mid - from;
        System.arraycopy(a, from, buf, 0, n);
        int i = 0;
        int j = mid;
        int k = from;
        while (i < n && j < to) {
            if (cmp.compare(a[j], buf[i]) < 0) {
                a[k++] = a[j++];
            } else {
                a[k++] = buf[i++];
            }
        }
        while (i < n) {
            a[k++] = buf[i++];
        }
    }
}
